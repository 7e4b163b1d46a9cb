// The wizard feature's public face: its slice, actions, events and selectors.
// The page itself (FormPage.tsx) is lazy-loaded by the router and is not re-exported here.
export {
  wizardSlice,
  fullNameChanged, emailChanged, classRankChanged, gpaChanged, subjectToggled, majorToggled,
  collegeTypeToggled, collegeAdded, collegeRemoved, activityAdded, activityChanged, activityYearToggled,
  activityRemoved, insightChanged, writingSampleTitleChanged, writingSampleTextChanged,
  wizardStepCompleted, wizardAbandoned,
  selectProfile, selectQuestionnairePassesGating, selectStepPasses, selectStepMissing, selectFirstBlockedStep,
  checkCollegeName,
  PROFILE_SECTIONS,
} from './wizardSlice.ts';
export type { WizardState, WizardRootState, WizardStepEvent, ProfileSection } from './wizardSlice.ts';
