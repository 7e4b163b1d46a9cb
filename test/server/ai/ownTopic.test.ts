// The seventh prompt (a topic of the student's own) through the contract, the offline composer and the
// prompts a model is given: the title and description are the student's, so they reach the essay as written.
import { describe, expect, it } from 'vitest';
import { createComposer } from '../../../src/server/ai/composer/index.ts';
import { collectText } from '../../../src/server/ai/port.ts';
import { essayPrompt, questionsPrompt } from '../../../src/server/ai/prompts.ts';
import { resolvePrompt } from '../../../src/server/ai/promptRef.ts';
import { classifyQuestion } from '../../../src/server/ai/themes.ts';
import {
  COMMON_APP_PROMPTS, OWN_TOPIC_PROMPT, ownTopicTitleProblem, promptNumberOf,
} from '../../../src/common/essay/prompts.ts';
import { ESSAY_WORD_LIMIT } from '../../../src/common/limits/limits.ts';
import { followupQuestionsRequestSchema, generateEssayRequestSchema } from '../../../src/common/contract/contract.ts';
import { essayMaterial } from '../../../src/common/essay/essayMaterial.ts';
import type { FormDocument } from '../../../src/common/questionnaire/formDocument.ts';
import { countWords } from '../../../src/common/text/wordCount.ts';
import { RICH_PROFILES } from '../../fixtures/profiles.ts';

const fixture = RICH_PROFILES[0]!;
const TITLE = 'The notebook of every mistake our team made';
const DESCRIPTION = 'I keep a green notebook in the toolbox. Every time the robot fails, I write down what broke and why.';
const withOwnTopic = (form: FormDocument, idea = TITLE, description = DESCRIPTION): FormDocument =>
  ({ ...form, selectedTopic: { prompt: OWN_TOPIC_PROMPT, idea, description } });
const input = (variant = 0, form = withOwnTopic(fixture.form)) =>
  ({ form, prompt: OWN_TOPIC_PROMPT, idea: TITLE, followUpResponses: fixture.followUpResponses, variant });
const composer = createComposer();

describe('the seventh prompt in the contract', () => {
  it('is recognised by its number or its text, and the six keep theirs', () => {
    expect(promptNumberOf(OWN_TOPIC_PROMPT)).toBe('7');
    expect(promptNumberOf('7')).toBe('7');
    expect(promptNumberOf('Prompt 7')).toBe('7');
    expect(promptNumberOf(`  ${OWN_TOPIC_PROMPT.toUpperCase()} `)).toBe('7');
    expect(promptNumberOf('Share an essay on any topic of your choice.')).toBe('7');
    for (const [number, text] of Object.entries(COMMON_APP_PROMPTS)) expect(promptNumberOf(text)).toBe(number);
    expect(promptNumberOf('Why do you want to study engineering?')).toBeNull();
    expect(resolvePrompt('7')).toEqual({ number: '7', text: OWN_TOPIC_PROMPT });
  });

  it('accepts a title of the student’s own within 300 characters, in any alphabet', () => {
    for (const title of [TITLE, 'Pi', 'Мой дедушка и его радио', '祖母の折り紙', 'x'.repeat(300)]) {
      expect(ownTopicTitleProblem(title), title).toBeNull();
      const body = { formData: withOwnTopic(fixture.form, title), selectedPrompt: OWN_TOPIC_PROMPT, selectedIdea: title };
      expect(followupQuestionsRequestSchema.safeParse(body).success, title).toBe(true);
      expect(generateEssayRequestSchema.safeParse({ ...body, followUpResponses: {} }).success, title).toBe(true);
    }
  });

  it.each([
    ['   ', /is required/],
    ['!!', /at least two letters or digits/],
    ['a', /at least two letters or digits/],
    ['Line one\nline two', /one line/],
    ['Share an essay on any topic of your choice', /not repeat the prompt/],
    ['x'.repeat(301), /300/],
  ])('refuses %j as the seventh prompt’s title, naming what is wrong', (title, message) => {
    const body = { formData: withOwnTopic(fixture.form, title), selectedPrompt: '7', selectedIdea: title };
    for (const parsed of [followupQuestionsRequestSchema.safeParse(body), generateEssayRequestSchema.safeParse({ ...body, followUpResponses: {} })]) {
      expect(parsed.success).toBe(false);
      const issue = parsed.error!.issues.find((i) => i.path.join('.') === 'selectedIdea');
      expect(issue?.message ?? '').toMatch(message);
    }
  });

  it('leaves the six prompts’ ideas as they were', () => {
    const parsed = generateEssayRequestSchema.safeParse({ formData: fixture.form, selectedPrompt: COMMON_APP_PROMPTS['1'], selectedIdea: '!!', followUpResponses: {} });
    expect(parsed.success).toBe(true);
  });
});

describe('the seventh prompt in the offline composer', () => {
  it('asks first why the student chose their topic, and names it in every question', async () => {
    const questions = await composer.followupQuestions(withOwnTopic(fixture.form), OWN_TOPIC_PROMPT, TITLE);
    expect(questions).toHaveLength(7);
    expect(questions[0]).toMatch(/^Why did you choose “The notebook of every mistake our team made” as your topic/);
    expect(classifyQuestion(questions[0]!)).toBe('inspiring');
    for (const question of questions) expect(question).toContain(`“${TITLE}”`);
  });

  it('writes the essay about the student’s topic: their title quoted and their description, in the context paragraph', async () => {
    const draft = composer.essayDraft(input());
    const text = await collectText(composer.essay(input()));
    expect(draft.paragraphs.map((p) => p.text).join('\n\n')).toBe(text);
    expect(text).toContain(`“${TITLE}.”`);
    expect(text).toContain('I keep a green notebook in the toolbox.');
    expect(text).toContain('Every time the robot fails, I write down what broke and why.');
    const own = draft.paragraphs.findIndex((p) => p.sources.includes('ownTopic'));
    expect(own).toBe(1);
    expect(draft.paragraphs[own]!.sources[0]).toBe('ownTopic');
    const words = text.split(/\s+/).length;
    expect(words).toBeGreaterThanOrEqual(250);
    expect(words).toBeLessThanOrEqual(ESSAY_WORD_LIMIT);
  });

  it('uses the description only when it is the student’s own topic', async () => {
    // A suggestion's description under prompt 1 was generated for the student, not written by them.
    const suggested = { ...fixture.form, selectedTopic: { prompt: COMMON_APP_PROMPTS['1'], idea: TITLE, description: DESCRIPTION } };
    const text = await collectText(composer.essay({ ...input(), form: suggested, prompt: COMMON_APP_PROMPTS['1'] }));
    expect(text).not.toContain('green notebook');
    // Another topic in the form than the one asked about: its description is not this topic's.
    const other = await collectText(composer.essay(input(0, withOwnTopic(fixture.form, 'Something else entirely'))));
    expect(other).not.toContain('green notebook');
    expect(other).toContain(`“${TITLE}.”`);
  });

  it('counts the student’s own topic description as material, and a suggestion’s not', () => {
    const base = essayMaterial(fixture.form).words;
    expect(essayMaterial(withOwnTopic(fixture.form)).words).toBe(base + countWords(DESCRIPTION));
    const suggested = { ...fixture.form, selectedTopic: { prompt: COMMON_APP_PROMPTS['2'], idea: TITLE, description: DESCRIPTION } };
    expect(essayMaterial(suggested).words).toBe(base);
  });

  it('is deterministic per variant and a title that ends in a question keeps its mark', async () => {
    expect(await collectText(composer.essay(input(1)))).toBe(await collectText(composer.essay(input(1))));
    const asked = await collectText(composer.essay({ ...input(), idea: 'Why do I keep a notebook?', form: withOwnTopic(fixture.form, 'Why do I keep a notebook?') }));
    expect(asked).toContain('“Why do I keep a notebook?”');
    expect(asked).not.toContain('?.');
  });
});

describe('the seventh prompt in the prompts a model is given', () => {
  const fenced = (prompt: string): Record<string, unknown> =>
    JSON.parse(/<student_data>\n([\s\S]*)\n<\/student_data>/.exec(prompt)![1]!) as Record<string, unknown>;

  it('says the topic is the student’s own and passes their title and description as data', () => {
    const prompt = essayPrompt(input());
    expect(prompt).toMatch(/wrote the topic themselves/);
    const data = fenced(prompt);
    expect(data.chosen_prompt).toBe(OWN_TOPIC_PROMPT);
    expect(data.chosen_topic).toBe(TITLE);
    expect(data.chosen_topic_description).toBe(DESCRIPTION);

    const questions = questionsPrompt(withOwnTopic(fixture.form), '7', TITLE, 0);
    expect(questions).toMatch(/first question ask why they chose this topic/);
    expect(fenced(questions)).toMatchObject({ chosen_prompt: OWN_TOPIC_PROMPT, chosen_topic: TITLE, chosen_topic_description: DESCRIPTION });
  });

  it('gives a model no description and no own-topic note under the six prompts', () => {
    const suggested = { ...fixture.form, selectedTopic: { prompt: COMMON_APP_PROMPTS['3'], idea: TITLE, description: DESCRIPTION } };
    const prompt = essayPrompt({ ...input(), form: suggested, prompt: COMMON_APP_PROMPTS['3'] });
    expect(prompt).not.toMatch(/wrote the topic themselves/);
    expect(fenced(prompt).chosen_topic_description).toBeUndefined();
  });
});
