// The student's college plan as one document: their colleges (name, round, deadline), each college's prompts
// (text, word limit, type, story, status) and their story bank. The browser and the server check it with the same
// schema, so a plan the page accepts is never refused on saving, and every limit (limits.ts) is what the page lets
// a student enter.
import { z } from 'zod';
import { maxCodePoints, oneLineText } from '../contract/textLength.ts';
import { jsonbTextBytes } from '../limits/storedBytes.ts';
import { deadlineProblem } from './deadline.ts';
import { PROMPT_TYPES } from './promptTypes.ts';
import { APPLICATION_ROUNDS, PROMPT_STATUSES, STORY_SOURCES } from './vocabulary.ts';
import { cleanPromptText } from './promptText.ts';
import { COLLEGE_PLAN_LIMITS } from './limits.ts';

const L = COLLEGE_PLAN_LIMITS;

/** An id the browser made (a college's, a prompt's, a story's): short, and safe in an essay key and a URL. */
const id = z.string().regex(/^[\w-]{1,64}$/, { error: 'must be 1 to 64 letters, digits, dashes or underscores' });

const deadline = z.string().check(maxCodePoints(64), (ctx) => {
  const problem = deadlineProblem(ctx.value);
  if (problem !== null) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
});

/** The prompt as the college publishes it, cleaned (promptText.ts) after its length is checked. */
const promptText = z.string()
  .min(1, { error: 'is required', abort: true })
  .check(maxCodePoints(L.promptChars))
  .overwrite(cleanPromptText)
  .refine((text) => text.length > 0, { error: 'must hold more than spaces and invisible characters' });

const wordLimit = z.int()
  .min(L.wordLimit.min, { error: `must be at least ${L.wordLimit.min} words, or no limit` })
  .max(L.wordLimit.max, { error: `must be at most ${L.wordLimit.max.toLocaleString('en')} words, or no limit` })
  .nullable();

const promptType = z.enum(PROMPT_TYPES);

export const collegePromptSchema = z.strictObject({
  id,
  text: promptText,
  wordLimit,
  /** The classifier's suggestion when the prompt was added. */
  suggestedType: promptType,
  /** The type the student chose instead; it wins, and is kept when the prompt's text changes. */
  chosenType: promptType.nullable(),
  storyId: id.nullable(),
  status: z.enum(PROMPT_STATUSES),
  /**
   * For a prompt the student already wrote for before the planner (a supplemental essay, a coach draft): the
   * essay key its versions are kept under (`supplemental-…`, and `coach-supplemental-…` for the coach's), so
   * they stay its drafts wherever the prompt is assigned and whatever its text becomes.
   */
  sourceKey: z.string().regex(/^supplemental-[0-9a-f]{16}$/, { error: 'must be a supplemental essay key' }).optional(),
});

export const collegeSchema = z.strictObject({
  id,
  name: oneLineText(L.collegeNameChars),
  round: z.enum(APPLICATION_ROUNDS),
  deadline,
  prompts: z.array(collegePromptSchema)
    .max(L.promptsPerCollege, { error: `must hold at most ${L.promptsPerCollege} prompts per college` }),
});

export const storySchema = z.strictObject({
  id,
  title: oneLineText(L.storyTitleChars),
  summary: z.literal('').or(oneLineText(L.storySummaryChars)),
  source: z.enum(STORY_SOURCES),
});

/** Every id once in its list, and every prompt's story one of the bank's. */
function checkReferences(plan: { colleges: z.infer<typeof collegeSchema>[]; stories: z.infer<typeof storySchema>[] }, ctx: z.core.ParsePayload): void {
  const twice = (ids: string[], path: (index: number) => PropertyKey[], what: string): void => {
    const seen = new Set<string>();
    ids.forEach((value, index) => {
      if (seen.has(value)) ctx.issues.push({ code: 'custom', message: `repeats the ${what} id ${value}`, input: value, path: path(index) });
      seen.add(value);
    });
  };
  twice(plan.colleges.map((college) => college.id), (index) => ['colleges', index, 'id'], 'college');
  twice(plan.stories.map((story) => story.id), (index) => ['stories', index, 'id'], 'story');
  const prompts = plan.colleges.flatMap((college, collegeIndex) => college.prompts.map((prompt, promptIndex) => ({ prompt, path: ['colleges', collegeIndex, 'prompts', promptIndex] })));
  twice(prompts.map(({ prompt }) => prompt.id), (index) => [...prompts[index]!.path, 'id'], 'prompt');
  const stories = new Set(plan.stories.map((story) => story.id));
  for (const { prompt, path } of prompts) {
    if (prompt.storyId !== null && !stories.has(prompt.storyId)) {
      ctx.issues.push({ code: 'custom', message: 'names a story that is not in the story bank', input: prompt.storyId, path: [...path, 'storyId'] });
    }
  }
}

/** The bytes the plan takes as stored: what the page counts against the limit before the student reaches it. */
export const collegePlanBytes = (plan: unknown): number => jsonbTextBytes(plan);

export const collegePlanSchema = z.strictObject({
  colleges: z.array(collegeSchema).max(L.colleges, { error: `must hold at most ${L.colleges} colleges` }),
  stories: z.array(storySchema).max(L.stories, { error: `must hold at most ${L.stories} stories` }),
}).check((ctx) => {
  checkReferences(ctx.value, ctx);
  const bytes = collegePlanBytes(ctx.value);
  if (bytes > L.documentBytes) {
    ctx.issues.push({
      code: 'too_big', origin: 'object', maximum: L.documentBytes, inclusive: true, input: ctx.value,
      message: `takes ${Math.ceil(bytes / 1024).toLocaleString('en')} KB, over the ${L.documentBytes / 1024} KB a college plan may take`,
    });
  }
});

export type CollegePlan = z.infer<typeof collegePlanSchema>;
