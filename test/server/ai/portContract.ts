// The contract every AI adapter meets, run against the offline composer and the AI SDK adapter alike.
import { describe, expect, it } from 'vitest';
import { collectText, type AiPort, type EssayInput } from '../../../src/server/ai/port.ts';
import { ESSAY_WORD_LIMIT } from '../../../src/common/limits/limits.ts';
import { PROMPT_NUMBERS } from '../../../src/common/essay/prompts.ts';
import { countWords } from '../../../src/common/text/wordCount.ts';
import { RICH_PROFILES, SPARSE_PROFILE, type ProfileFixture } from '../../fixtures/profiles.ts';
import { filterModelComments } from '../../../src/common/coach/index.ts';
import { COACH_MODEL_COMMENTS_MAX } from '../../../src/common/coach/limits.ts';
import { commentSchema } from '../../../src/common/coach/schema.ts';
import { splitParagraphs } from '../../../src/common/coach/text.ts';
import { PLANTED_DRAFTS } from '../../fixtures/coachDrafts.ts';

/** Text a student must never see: placeholders, leaked templates, empty paragraphs. */
export function expectCleanText(text: string): void {
  expect(text.trim()).not.toBe('');
  expect(text).not.toMatch(/\b(?:undefined|null|NaN|TODO|TBD|lorem|ipsum)\b|\[object|[{}[\]]/i);
  expect(text).not.toMatch(/\n[ \t]*\n[ \t]*\n/);
  expect(text.split(/\n\s*\n/).every((paragraph) => paragraph.trim() !== '')).toBe(true);
}

export const essayInput = (fixture: ProfileFixture, variant = 0): EssayInput => ({
  form: fixture.form, prompt: fixture.prompt, idea: fixture.idea, followUpResponses: fixture.followUpResponses, variant,
});

async function chunksOf(iterable: AsyncIterable<string>): Promise<string[]> {
  const chunks: string[] = [];
  for await (const chunk of iterable) chunks.push(chunk);
  return chunks;
}

export function describePortContract(name: string, getPort: () => AiPort): void {
  const fixture = RICH_PROFILES[0] as ProfileFixture;

  describe(`${name} meets the AI port contract`, () => {
    it('suggests topics for all six prompts', async () => {
      const topics = await getPort().topicSuggestions(fixture.form);
      expect(Object.keys(topics).sort()).toEqual([...PROMPT_NUMBERS]);
      for (const prompt of PROMPT_NUMBERS) {
        expect(topics[prompt].length).toBeGreaterThanOrEqual(1);
        expect(topics[prompt].length).toBeLessThanOrEqual(3);
        for (const suggestion of topics[prompt]) {
          expectCleanText(suggestion.title);
          expectCleanText(suggestion.description);
        }
      }
    });

    it('asks seven follow-up questions', async () => {
      const questions = await getPort().followupQuestions(fixture.form, fixture.prompt, fixture.idea);
      expect(questions).toHaveLength(7);
      expect(new Set(questions).size).toBe(7);
      questions.forEach(expectCleanText);
    });

    it('streams the essay in several chunks, within 650 words', async () => {
      const chunks = await chunksOf(getPort().essay(essayInput(fixture)));
      expect(chunks.length).toBeGreaterThan(1);
      const essay = chunks.join('');
      expectCleanText(essay);
      expect(countWords(essay)).toBeLessThanOrEqual(ESSAY_WORD_LIMIT);
    });

    it('writes a supplemental essay no longer than asked', async () => {
      const essay = await collectText(getPort().supplementalEssay({
        form: fixture.form, essayPrompt: 'Describe a community you belong to and your place in it.', wordCount: 250, variant: 0,
      }));
      expectCleanText(essay);
      expect(countWords(essay)).toBeLessThanOrEqual(250);
    });

    it('never writes the student’s e-mail', async () => {
      const port = getPort();
      const outputs = [
        JSON.stringify(await port.topicSuggestions(fixture.form)),
        (await port.followupQuestions(fixture.form, fixture.prompt, fixture.idea)).join(' '),
        await collectText(port.essay(essayInput(fixture))),
      ];
      for (const output of outputs) expect(output).not.toContain(fixture.form.basicInfo.email);
    });

    it('says what would make a sparse draft stronger, and little for a rich one', () => {
      const port = getPort();
      expect(port.essayNotes(essayInput(SPARSE_PROFILE)).length).toBeGreaterThan(2);
      expect(port.essayNotes(essayInput(fixture)).length).toBeLessThanOrEqual(1);
      expect(port.supplementalNotes({ form: SPARSE_PROFILE.form, essayPrompt: 'Why us?', wordCount: 250, variant: 0 }).length).toBeGreaterThan(0);
    });

    it('asks questions about a student\'s own draft, each quoting one of its paragraphs exactly', async () => {
      const draft = PLANTED_DRAFTS[0]!.draft;
      const comments = await getPort().coachQuestions({ draft, kind: 'personal', prompt: '', wordLimit: 650, form: fixture.form });
      expect(comments.length).toBeGreaterThan(0);
      expect(comments.length).toBeLessThanOrEqual(COACH_MODEL_COMMENTS_MAX);
      const paragraphs = splitParagraphs(draft);
      for (const { paragraph, ...comment } of comments) {
        expect(commentSchema.safeParse({ ...comment, source: 'model' }).success).toBe(true);
        expect(filterModelComments(paragraphs[paragraph] ?? '', [comment])).toHaveLength(1);
        expect(comment.question).not.toContain(fixture.form.basicInfo.email);
      }
    });

    it('rejects when the caller has already aborted', async () => {
      const controller = new AbortController();
      controller.abort();
      const port = getPort();
      await expect(port.topicSuggestions(fixture.form, { signal: controller.signal })).rejects.toThrow();
      await expect(collectText(port.essay(essayInput(fixture), { signal: controller.signal }))).rejects.toThrow();
      const draft = { draft: 'My own draft.', kind: 'personal' as const, prompt: '', wordLimit: 650 };
      await expect(port.coachQuestions(draft, { signal: controller.signal })).rejects.toThrow();
    });
  });
}
