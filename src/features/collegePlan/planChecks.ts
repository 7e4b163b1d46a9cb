// What the page says about the list as a whole: prompts of one type across colleges (write one core draft and
// adapt it), a college telling one story twice, and the deadlines within a week, nearest first.
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

/** Per prompt, the earlier prompt of the same college that tells the same story. */
export function sameStoryPrompts(plan: CollegePlan): Map<string, CollegePrompt> {
  const repeats = new Map<string, CollegePrompt>();
  for (const college of plan.colleges) {
    const first = new Map<string, CollegePrompt>();
    for (const prompt of college.prompts) {
      if (prompt.storyId === null) continue;
      const earlier = first.get(prompt.storyId);
      if (earlier) repeats.set(prompt.id, earlier);
      else first.set(prompt.storyId, prompt);
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
