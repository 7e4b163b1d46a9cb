// Step guards as selectors. What a route needs is derived from the data the steps
// before it produce, never stored as a "done" flag; the essay type is the one recorded choice.
import { selectEssayType } from '../features/essayType/index.ts';
import { selectAnsweredCount } from '../features/followup/index.ts';
import { selectHasSelectedTopic } from '../features/topics/index.ts';
import { selectQuestionnairePassesGating } from '../features/wizard/index.ts';
import { paths, progressSteps } from '../client-core/routes.ts';
import type { StepPath } from '../client-core/routes.ts';
import type { RootState } from './store.ts';

/** The student layout's pages (router.tsx routes each one through StepGuard), in flow order. */
export const guardedPaths = [
  paths.form, paths.essayType, paths.topics, paths.followup, paths.result, paths.supplemental, paths.referrals, paths.coach,
] as const;
export type GuardedPath = (typeof guardedPaths)[number];

type Guard = (state: RootState) => boolean;

const canEnterForm: Guard = () => true;
const canEnterEssayType: Guard = (state) => selectQuestionnairePassesGating(state);
const canEnterTopics: Guard = (state) => canEnterEssayType(state) && selectEssayType(state) === 'personal';
const canEnterFollowup: Guard = (state) => canEnterTopics(state) && selectHasSelectedTopic(state);
const canEnterResult: Guard = (state) => canEnterFollowup(state) && selectAnsweredCount(state) >= 1;

/** What each guarded route needs from the steps before it, one row per route. */
const guards: Record<GuardedPath, Guard> = {
  [paths.form]: canEnterForm,
  [paths.essayType]: canEnterEssayType,
  [paths.topics]: canEnterTopics,
  [paths.followup]: canEnterFollowup,
  [paths.result]: canEnterResult,
  [paths.supplemental]: canEnterEssayType,
  [paths.referrals]: canEnterEssayType,
  // The student's own draft needs nothing from the flow: the coach works with or without a questionnaire.
  [paths.coach]: canEnterForm,
};

export const isGuardedPath = (path: string): path is GuardedPath => (guardedPaths as readonly string[]).includes(path);

/** `selectCanEnter(paths.topics)(state)`: may the student open this route now? */
export const selectCanEnter = (path: GuardedPath): Guard => guards[path];

/** Where a blocked student is sent: the last progress step they may enter (at least /form). */
export const selectFurthestAllowedStep = (state: RootState): StepPath => {
  let furthest: StepPath = paths.form;
  for (const step of progressSteps) {
    if (!guards[step.path](state)) break;
    furthest = step.path;
  }
  return furthest;
};
