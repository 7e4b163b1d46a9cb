// A planner prompt's drafts: the revisions the student kept with the coach under `coach-prompt-<id>`, named by
// the prompt's id so editing its text keeps them. A prompt with a draft is at least Drafting; Done is the
// student's word.
import { useAppSelector } from '../../app/hooks.ts';
import { promptEssayKey, type EssayVersion } from '../../client-core/essayVersions.ts';
import type { PromptStatus } from '../../common/collegePlan/vocabulary.ts';
import type { CoachRootState } from '../coach/index.ts';
import type { CollegePrompt } from './collegePlanSlice.ts';

export type DraftsByKey = Readonly<Record<string, EssayVersion[]>> | undefined;

const NONE: EssayVersion[] = [];

/** The prompt's drafts, newest first. */
export function promptDrafts(drafts: DraftsByKey, promptId: string): EssayVersion[] {
  const key = promptEssayKey(promptId);
  return (key && drafts?.[`coach-${key}`]) || NONE;
}

/** The status the page shows: a saved draft moves a prompt not started to Drafting. */
export const shownStatus = (prompt: CollegePrompt, drafts: readonly EssayVersion[]): PromptStatus =>
  (prompt.status === 'notStarted' && drafts.length > 0 ? 'drafting' : prompt.status);

/** Every kept draft on this device, by essay key (the coach's revisions). */
export const useDraftsByKey = (): DraftsByKey => useAppSelector((state: CoachRootState) => state.coach.versions);
