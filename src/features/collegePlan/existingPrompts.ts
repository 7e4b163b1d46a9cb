// What the student already wrote for before the planner, as prompts not yet assigned to a college: each
// supplemental essay listed on this device and the coach's supplemental draft, once per essay key, with its
// word limit and how many versions it has. A prompt assigned to a college keeps that key (`sourceKey`), so it
// leaves this list and its versions stay its drafts.
import { supplementalEssayKey } from '../../client-core/essayVersions.ts';
import { COLLEGE_PLAN_LIMITS } from '../../common/collegePlan/limits.ts';
import { cleanPromptText } from '../../common/collegePlan/promptText.ts';
import type { CoachState } from '../coach/index.ts';
import type { SupplementalEssay } from '../supplemental/index.ts';
import type { CollegePlan } from '../../common/collegePlan/schema.ts';
import { type DraftsByKey, versionsOf } from './promptDrafts.ts';

const L = COLLEGE_PLAN_LIMITS;

export type ExistingPrompt = {
  sourceKey: string;
  /** The prompt as the planner keeps it: cleaned, and cut to the planner's length. */
  text: string;
  /** Its word limit when the planner accepts it (25 to 1,000), else no limit. */
  wordLimit: number | null;
  versions: number;
};

const plannerText = (prompt: string): string => Array.from(cleanPromptText(prompt)).slice(0, L.promptChars).join('').trim();
const plannerLimit = (words: number): number | null =>
  (Number.isInteger(words) && words >= L.wordLimit.min && words <= L.wordLimit.max ? words : null);

export function existingPrompts({ essays, coach, drafts, plan }: {
  essays: readonly SupplementalEssay[];
  coach: Pick<CoachState, 'kind' | 'prompt' | 'wordLimit' | 'draft' | 'promptId'>;
  drafts: DraftsByKey;
  plan: CollegePlan;
}): ExistingPrompt[] {
  const assigned = new Set(plan.colleges.flatMap((college) => college.prompts.map((prompt) => prompt.sourceKey)));
  const found = new Map<string, ExistingPrompt>();
  const add = (prompt: string, words: number, sourceKey: string): void => {
    const text = plannerText(prompt);
    if (text === '' || assigned.has(sourceKey) || found.has(sourceKey)) return;
    found.set(sourceKey, { sourceKey, text, wordLimit: plannerLimit(words), versions: versionsOf(drafts, [sourceKey, `coach-${sourceKey}`]).length });
  };
  for (const essay of essays) add(essay.prompt, essay.wordCount, supplementalEssayKey(essay.prompt, essay.wordCount));
  // The coach's supplemental answer, unless it already answers a planner prompt (its drafts are that prompt's).
  const coachPrompt = coach.prompt.trim();
  if (coach.kind === 'supplemental' && coach.promptId === undefined && coachPrompt !== '') {
    // No length check is keyed as 0 words (coachEssayKey), which the planner reads as no limit.
    const words = coach.wordLimit ?? 0;
    const key = supplementalEssayKey(coachPrompt, words);
    if (coach.draft.trim() !== '' || (drafts?.[`coach-${key}`]?.length ?? 0) > 0) add(coachPrompt, words, key);
  }
  return [...found.values()];
}
