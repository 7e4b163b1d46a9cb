import { describe, expect, it } from 'vitest';
import { COMPOSER_DISCLOSURE, createComposer } from '../../../src/server/ai/composer/index.ts';
import { topicReference } from '../../../src/server/ai/composer/questions.ts';
import { collectText } from '../../../src/server/ai/port.ts';
import { classifyQuestion, THEMES } from '../../../src/server/ai/themes.ts';
import { COMMON_APP_PROMPTS, PROMPT_NUMBERS } from '../../../src/common/essay/prompts.ts';
import { emptyFormDocument } from '../../../src/common/questionnaire/formDocumentDefaults.ts';
import { countWords } from '../../../src/common/text/wordCount.ts';
import { PROFILES, RICH_PROFILES, SPARSE_PROFILE, type ProfileFixture } from '../../fixtures/profiles.ts';
import { describePortContract, essayInput, expectCleanText } from './portContract.ts';

const composer = createComposer();
const essay = (fixture: ProfileFixture, variant = 0): Promise<string> => collectText(composer.essay(essayInput(fixture, variant)));
const supplemental = (fixture: ProfileFixture, wordCount: number, essayPrompt = 'Tell us about an activity that matters to you.') =>
  collectText(composer.supplementalEssay({
    form: { ...fixture.form, followUpResponses: fixture.followUpResponses }, essayPrompt, wordCount, variant: 0,
  }));

/** Everything the student typed, to check the composer never states a name or number they did not give. */
const studentText = (fixture: ProfileFixture): string =>
  JSON.stringify([fixture.form, fixture.followUpResponses, fixture.idea]).replace(/\\u2019/g, '’');

/** Capitalised words inside sentences, and numbers, that appear nowhere in what the student wrote. */
function inventedTokens(text: string, source: string): string[] {
  const tokens = [...text.matchAll(/(?<![.!?:”"]\s|^|\n)\b([A-Z][a-z]+|\d+)\b/g)].map((m) => m[1] as string);
  return tokens.filter((token) => token !== 'I' && !source.includes(token));
}

describePortContract('the offline composer', () => composer);

describe('composer topic suggestions', () => {
  it.each(PROFILES)('gives $name two or three clean suggestions for every prompt', async (fixture) => {
    const topics = await composer.topicSuggestions(fixture.form);
    for (const prompt of PROMPT_NUMBERS) {
      expect(topics[prompt].length).toBeGreaterThanOrEqual(2);
      expect(topics[prompt].length).toBeLessThanOrEqual(3);
      for (const { title, description } of topics[prompt]) {
        expectCleanText(title);
        expectCleanText(description);
        expect(countWords(title)).toBeLessThanOrEqual(16);
      }
    }
  });

  it.each(RICH_PROFILES)('builds $name’s suggestions from their own activities', async (fixture) => {
    const topics = await composer.topicSuggestions(fixture.form);
    const mentions = PROMPT_NUMBERS.filter((prompt) => topics[prompt].some((s) =>
      fixture.ownActivities.some((word) => `${s.title} ${s.description}`.toLowerCase().includes(word.toLowerCase()))));
    expect(mentions.length).toBeGreaterThanOrEqual(4);
    for (const prompt of PROMPT_NUMBERS) {
      for (const s of topics[prompt]) expect(inventedTokens(`${s.title}. ${s.description}`, studentText(fixture))).toEqual([]);
    }
  });

  it('gives the almost empty profile honest suggestions that say what to add', async () => {
    const topics = await composer.topicSuggestions(SPARSE_PROFILE.form);
    const all = PROMPT_NUMBERS.flatMap((prompt) => topics[prompt]);
    expect(all.every((s) => /Add|Answer|Pick|Think/.test(s.description))).toBe(true);
    expect(all.some((s) => s.title.includes('English'))).toBe(true);
    expect(JSON.stringify(all)).not.toMatch(/club|team|volunteer|sport|job/i);
  });

  it('still gives two honest suggestions per prompt for an empty document, and an empty draft rather than filler', async () => {
    const empty = emptyFormDocument();
    const topics = await composer.topicSuggestions(empty);
    for (const prompt of PROMPT_NUMBERS) expect(topics[prompt].length).toBeGreaterThanOrEqual(2);
    const input = { form: empty, prompt: '1', idea: '', followUpResponses: {}, variant: 0 };
    expect(await collectText(composer.essay(input))).toBe('');
    expect(composer.essayNotes(input).length).toBeGreaterThan(3);
    expect(await composer.followupQuestions(empty, '1', '')).toHaveLength(7);
  });

  it('is deterministic for a variant and changes with the next one', async () => {
    const [a, b, c] = await Promise.all([0, 0, 1].map((variant) => composer.topicSuggestions(RICH_PROFILES[1]!.form, { variant })));
    expect(a).toEqual(b);
    expect(c).not.toEqual(a);
  });
});

describe('composer follow-up questions', () => {
  it.each(PROFILES)('asks $name seven questions about the topic, one per theme', async (fixture) => {
    const questions = await composer.followupQuestions(fixture.form, fixture.prompt, fixture.idea);
    expect(questions.map(classifyQuestion)).toEqual([...THEMES]);
    for (const question of questions) {
      expect(question).toContain(topicReference(fixture.idea));
      expect(question.endsWith('?') || question.endsWith('.')).toBe(true);
    }
  });

  it('accepts the prompt as its text and varies with the variant', async () => {
    const fixture = RICH_PROFILES[0]!;
    const byNumber = await composer.followupQuestions(fixture.form, '2', fixture.idea);
    const byText = await composer.followupQuestions(fixture.form, COMMON_APP_PROMPTS['2'], fixture.idea);
    expect(byText).toEqual(byNumber);
    expect(await composer.followupQuestions(fixture.form, '2', fixture.idea, { variant: 1 })).not.toEqual(byNumber);
  });

  it('recognises the themes of the seven default questions', async () => {
    const { DEFAULT_FOLLOWUP_QUESTIONS } = await import('../../../src/common/essay/prompts.ts');
    expect(DEFAULT_FOLLOWUP_QUESTIONS.map(classifyQuestion)).toEqual([...THEMES]);
  });
});

describe('composer essays', () => {
  it.each(RICH_PROFILES)('writes $name a 450–650 word essay in their own words', async (fixture) => {
    const text = await essay(fixture);
    expectCleanText(text);
    expect(countWords(text)).toBeGreaterThanOrEqual(450);
    expect(countWords(text)).toBeLessThanOrEqual(650);
    expect(text.split('\n\n').length).toBeGreaterThanOrEqual(4);
    const reused = Object.values(fixture.followUpResponses)
      .flatMap((answer) => answer.split(/(?<=[.!?])\s+/))
      .filter((sentence) => countWords(sentence) >= 6 && text.includes(sentence.trim()));
    expect(reused.length).toBeGreaterThanOrEqual(8);
    expect(inventedTokens(text, studentText(fixture))).toEqual([]);
  });

  it.each(PROFILES)('is deterministic for $name and different for another variant', async (fixture) => {
    expect(await essay(fixture, 3)).toBe(await essay(fixture, 3));
    expect(await essay(fixture, 4)).not.toBe(await essay(fixture, 3));
  });

  it('gives the sparse profile a shorter, honest draft and notes on what would make it stronger', async () => {
    const text = await essay(SPARSE_PROFILE);
    expectCleanText(text);
    expect(countWords(text)).toBeLessThan(200);
    expect(text).toContain('Biscuit was scared of everyone at first.');
    expect(text).not.toMatch(/club|team|volunteer|sport|coach|job|band/i);
    expect(inventedTokens(text, studentText(SPARSE_PROFILE))).toEqual([]);
    const notes = composer.essayNotes(essayInput(SPARSE_PROFILE));
    expect(notes.join(' ')).toMatch(/Activities & Involvement/);
    expect(notes.join(' ')).toMatch(/concrete detail/);
    notes.forEach(expectCleanText);
  });

  it('streams sentence by sentence and the chunks join to the essay', async () => {
    const chunks: string[] = [];
    for await (const chunk of composer.essay(essayInput(RICH_PROFILES[2]!))) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(15);
    expect(chunks.every((chunk) => countWords(chunk) <= 80)).toBe(true);
    expect(chunks.join('')).toBe(await essay(RICH_PROFILES[2]!));
  });

  it('says the draft was assembled from the student’s answers', () => {
    expect(COMPOSER_DISCLOSURE).toMatch(/assembled from your own answers/);
  });
});

describe('composer supplemental essays', () => {
  it.each(RICH_PROFILES)('fits $name’s essay within 10% under the requested count', async (fixture) => {
    for (const [count, min] of [[50, 45], [250, 225], [1000, 900]] as const) {
      const text = await supplemental(fixture, count);
      expectCleanText(text);
      expect(countWords(text)).toBeGreaterThanOrEqual(min);
      expect(countWords(text)).toBeLessThanOrEqual(count);
      expect(inventedTokens(text, studentText(fixture))).toEqual([]);
    }
  });

  it('leads with the material the prompt asks about', async () => {
    const text = await supplemental(RICH_PROFILES[3]!, 250, 'Describe how you have served your community.');
    expect(text.split('\n\n').slice(0, 2).join(' ')).toMatch(/volunteer|clinic|interpret/i);
  });

  it('never pads a sparse profile beyond its own material, and explains why the draft is short', async () => {
    const text = await supplemental(SPARSE_PROFILE, 250);
    expectCleanText(text);
    expect(countWords(text)).toBeLessThan(225);
    expect(inventedTokens(text, studentText(SPARSE_PROFILE))).toEqual([]);
    const notes = composer.supplementalNotes({ form: SPARSE_PROFILE.form, essayPrompt: 'x', wordCount: 250, variant: 0 });
    expect(notes[0]).toMatch(/shorter than asked rather than padded/);
  });
});
