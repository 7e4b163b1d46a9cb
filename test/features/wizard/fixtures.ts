import { WIZARD_STEP_KEY } from '../../../src/features/wizard/stepKey.ts';
import { wizardSlice } from '../../../src/features/wizard/wizardSlice.ts';
import type { WizardState } from '../../../src/features/wizard/wizardSlice.ts';

/** A profile whose steps 1–3 pass their gating. */
export const passingProfile = (): WizardState => {
  const state = wizardSlice.getInitialState();
  return {
    ...state,
    basicInfo: { fullName: 'Ada Lovelace', email: 'ada@example.com' },
    academics: { ...state.academics, classRank: 'Top 5%', subjects: ['Mathematics'] },
    collegeGoals: { collegeTypes: ['Research University'], specificColleges: [] },
  };
};

/** Opens the wizard on `step` (0-based), as a reload would. */
export const storeStep = (step: number | string) => localStorage.setItem(WIZARD_STEP_KEY, String(step));
