// The planner's prompts for the coach page's choice of essay, in the order the page lists them (colleges by
// deadline, each one's prompts in turn). Every one can be written with the coach: it takes the planner's limits
// (25 to 1,000 words) and, for a prompt with no limit, reviews with no length check.
import { createSelector } from '@reduxjs/toolkit';
import { selectCollegePlan } from './collegePlanSlice.ts';
import { byDeadline } from './planChecks.ts';

export type CoachablePrompt = {
  id: string;
  /** How the page names it: "Rice University, prompt 1". */
  label: string;
  text: string;
  /** Null: no limit, so no length check. */
  wordLimit: number | null;
  sourceKey?: string;
};

export const selectCoachablePrompts = createSelector([selectCollegePlan], (plan): CoachablePrompt[] =>
  byDeadline(plan.colleges).flatMap((college) => college.prompts.map((prompt, index): CoachablePrompt => ({
    id: prompt.id, label: `${college.name}, prompt ${index + 1}`, text: prompt.text, wordLimit: prompt.wordLimit,
    ...(prompt.sourceKey ? { sourceKey: prompt.sourceKey } : {}),
  }))));
