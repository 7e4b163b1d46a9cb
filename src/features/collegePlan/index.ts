// The college planner's public face: what the coach page offers as the essays a draft may answer. The page, its
// slice and its sync are the stage's (stage.ts).
export { selectCoachablePrompts } from './coachPrompts.ts';
export type { CoachablePrompt } from './coachPrompts.ts';
export type { CollegePlanRootState } from './collegePlanSlice.ts';
