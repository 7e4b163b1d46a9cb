// The planner's prompts the coach can measure a draft against (a word limit of 50 to 1,000), in the order the page
// lists them (colleges by deadline, each one's prompts in turn), for the coach page's choice of essay.
import { createSelector } from '@reduxjs/toolkit';
import { SUPPLEMENTAL_MAX_WORDS, SUPPLEMENTAL_MIN_WORDS } from '../../common/limits/limits.ts';
import { selectCollegePlan } from './collegePlanSlice.ts';
import { byDeadline } from './planChecks.ts';

export type CoachablePrompt = {
  id: string;
  /** How the page names it: "Rice University, prompt 1". */
  label: string;
  text: string;
  wordLimit: number;
  sourceKey?: string;
};

export const selectCoachablePrompts = createSelector([selectCollegePlan], (plan): CoachablePrompt[] =>
  byDeadline(plan.colleges).flatMap((college) => college.prompts.flatMap((prompt, index): CoachablePrompt[] => {
    const limit = prompt.wordLimit;
    if (limit === null || limit < SUPPLEMENTAL_MIN_WORDS || limit > SUPPLEMENTAL_MAX_WORDS) return [];
    return [{
      id: prompt.id, label: `${college.name}, prompt ${index + 1}`, text: prompt.text, wordLimit: limit,
      ...(prompt.sourceKey ? { sourceKey: prompt.sourceKey } : {}),
    }];
  })));
