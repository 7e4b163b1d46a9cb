// A planner prompt's drafts: the revisions the student kept with the coach under `coach-prompt-<id>`, named by
// the prompt's id so editing its text keeps them. A prompt brought in from what the student already had also
// keeps the versions of its supplemental essay (`supplemental-…`) and the coach's drafts of it
// (`coach-supplemental-…`), named by its `sourceKey`, which never changes. A prompt with a draft is at least
// Drafting; Done is the student's word.
import { useMemo } from 'react';
import { useAppSelector } from '../../app/hooks.ts';
import { mergeVersions, promptEssayKey, type EssayVersion } from '../../client-core/essayVersions.ts';
import type { PromptStatus } from '../../common/collegePlan/vocabulary.ts';
import type { CoachRootState } from '../coach/index.ts';
import type { SupplementalRootState } from '../supplemental/index.ts';
import type { CollegePrompt } from './collegePlanSlice.ts';

export type DraftsByKey = Readonly<Record<string, EssayVersion[]>> | undefined;

const NONE: EssayVersion[] = [];

/** The essay keys whose versions are a prompt's drafts. */
function promptDraftKeys(prompt: Pick<CollegePrompt, 'id' | 'sourceKey'>): string[] {
  const key = promptEssayKey(prompt.id);
  return [...(key ? [`coach-${key}`] : []), ...(prompt.sourceKey ? [prompt.sourceKey, `coach-${prompt.sourceKey}`] : [])];
}

/** The versions kept under any of `keys`, newest first. */
export function versionsOf(drafts: DraftsByKey, keys: readonly string[]): EssayVersion[] {
  const lists = keys.map((key) => drafts?.[key]).filter((list): list is EssayVersion[] => list !== undefined && list.length > 0);
  if (lists.length === 0) return NONE;
  return lists.length === 1 ? lists[0]! : lists.reduce((all, list) => mergeVersions(all, list), NONE);
}

/** The prompt's drafts, newest first. */
export const promptDrafts = (drafts: DraftsByKey, prompt: Pick<CollegePrompt, 'id' | 'sourceKey'>): EssayVersion[] =>
  versionsOf(drafts, promptDraftKeys(prompt));

/** The status the page shows: a saved draft moves a prompt not started to Drafting. */
export const shownStatus = (prompt: CollegePrompt, drafts: readonly EssayVersion[]): PromptStatus =>
  (prompt.status === 'notStarted' && drafts.length > 0 ? 'drafting' : prompt.status);

/** Every kept version on this device by essay key: the coach's revisions and the generated supplemental essays. */
export function useDraftsByKey(): DraftsByKey {
  const coach = useAppSelector((state: CoachRootState) => state.coach.versions);
  const supplemental = useAppSelector((state: SupplementalRootState) => state.supplemental.versions);
  return useMemo(() => ({ ...supplemental, ...coach }), [coach, supplemental]);
}
