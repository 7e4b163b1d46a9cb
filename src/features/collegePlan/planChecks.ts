// What the page says about the list as a whole: prompts of one type across colleges (write one core draft and
// adapt it), a college told one story twice (its personal statement included), and the deadlines within a week, nearest first.
import type { CollegePlan } from '../../common/collegePlan/schema.ts';
import type { PromptType } from '../../common/collegePlan/promptTypes.ts';
import { type College, type CollegePrompt, promptType } from './collegePlanSlice.ts';

/** Types a core draft cannot be reused for: every short answer and odd prompt is its own. */
const NOT_REUSABLE: ReadonlySet<PromptType> = new Set(['shortAnswer', 'other']);
const DAY_MS = 86_400_000;

export type ReuseGroup = { type: PromptType; prompts: Array<{ college: College; prompt: CollegePrompt }> };

/** Prompts of one reusable type asked by two colleges or more. */
export function reuseGroups(plan: CollegePlan): ReuseGroup[] {
  const byType = new Map<PromptType, ReuseGroup>();
  for (const college of plan.colleges) {
    for (const prompt of college.prompts) {
      const type = promptType(prompt);
      if (NOT_REUSABLE.has(type)) continue;
      const group = byType.get(type) ?? { type, prompts: [] };
      group.prompts.push({ college, prompt });
      byType.set(type, group);
    }
  }
  return [...byType.values()].filter((group) => new Set(group.prompts.map(({ college }) => college.id)).size > 1);
}

/** What a prompt repeats: an earlier prompt of its college, or the personal statement every college reads. */
export type SameStory = { kind: 'prompt'; prompt: CollegePrompt } | { kind: 'personalStatement' };

/**
 * Per prompt, what already tells its story to the same college: the personal statement, when the prompt is
 * assigned the story the bank took from the personal statement's topic (every college reads the personal
 * statement), else an earlier prompt of the college assigned the same story.
 */
export function sameStoryPrompts(plan: CollegePlan): Map<string, SameStory> {
  const personal = new Set(plan.stories.filter((story) => story.source === 'personalStatement').map((story) => story.id));
  const repeats = new Map<string, SameStory>();
  for (const college of plan.colleges) {
    const first = new Map<string, CollegePrompt>();
    for (const prompt of college.prompts) {
      if (prompt.storyId === null) continue;
      const earlier = first.get(prompt.storyId);
      if (personal.has(prompt.storyId)) repeats.set(prompt.id, { kind: 'personalStatement' });
      else if (earlier) repeats.set(prompt.id, { kind: 'prompt', prompt: earlier });
      if (!earlier) first.set(prompt.storyId, prompt);
    }
  }
  return repeats;
}

/** Days from `today` (YYYY-MM-DD) to a deadline, both calendar days. */
export const daysUntil = (deadline: string, today: string): number =>
  Math.round((Date.parse(`${deadline}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);

/** The colleges by deadline, nearest first (ties by name). */
export const byDeadline = (colleges: readonly College[]): College[] =>
  [...colleges].sort((a, b) => a.deadline.localeCompare(b.deadline) || a.name.localeCompare(b.name));

/** Colleges whose deadline is today or within the next 7 days, nearest first. */
export const dueWithinAWeek = (colleges: readonly College[], today: string): College[] =>
  byDeadline(colleges).filter((college) => {
    const days = daysUntil(college.deadline, today);
    return days >= 0 && days <= 7;
  });
