// The questionnaire's slice: the student's profile sections of the form document,
// its validation rules (step gating, e-mail, college names) as selectors, and the wizard's own analytics events.
import { createSelector, createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { formDocumentLoaded, formReset } from '../../client-core/documentActions.ts';
import { FORM_STEPS, SCHOOL_YEARS } from '../../common/questionnaire/questionnaire.ts';
import { INSIGHT_CHAR_LIMIT, WRITING_SAMPLE_CHAR_LIMIT } from '../../common/limits/limits.ts';
import type { InsightKey } from '../../common/questionnaire/questionnaire.ts';
import { emptyActivityEntry, emptyFormDocument } from '../../common/questionnaire/formDocumentDefaults.ts';
import type { ActivityEntry, FormDocument } from '../../common/questionnaire/formDocument.ts';
import { cleanText, cutToCodePoints } from '../../common/text/codePoints.ts';
import { isValidEmail } from '../../common/contract/validation.ts';

export const PROFILE_SECTIONS = [
  'basicInfo', 'academics', 'collegeGoals', 'activities', 'personal', 'activitiesAndInvolvement', 'personalInsights',
] as const;
export type ProfileSection = (typeof PROFILE_SECTIONS)[number];
export type WizardState = Pick<FormDocument, ProfileSection>;
export type WizardRootState = { wizard: WizardState };

export type SchoolYear = (typeof SCHOOL_YEARS)[number];
export type WizardStepEvent = { stepName: string; stepNumber: number; timeSpentSeconds: number };

const emptyProfile = (): WizardState => {
  const doc = emptyFormDocument();
  return {
    basicInfo: doc.basicInfo,
    academics: doc.academics,
    collegeGoals: doc.collegeGoals,
    activities: doc.activities,
    personal: doc.personal,
    activitiesAndInvolvement: doc.activitiesAndInvolvement,
    personalInsights: doc.personalInsights,
  };
};

/** Why a college name cannot be added, or null when it can (trimmed, non-empty, not a duplicate). */
export type CollegeNameProblem = 'empty' | 'duplicate';
export const checkCollegeName = (name: string, existing: readonly string[]): CollegeNameProblem | null => {
  const trimmed = name.trim();
  if (trimmed === '') return 'empty';
  const key = trimmed.toLocaleLowerCase();
  return existing.some((college) => college.toLocaleLowerCase() === key) ? 'duplicate' : null;
};

const toggle = (list: string[], value: string): string[] =>
  list.includes(value) ? list.filter((item) => item !== value) : [...list, value];

/** Fills fields a saved section may lack (older documents), so the screens always see a whole section. */
const mergeSection = <T extends object>(empty: T, loaded: Partial<T> | undefined): T => ({ ...empty, ...loaded });

const takeLoadedSections = (state: WizardState, document: Partial<FormDocument>): void => {
  const empty = emptyProfile();
  if (document.basicInfo) state.basicInfo = mergeSection(empty.basicInfo, document.basicInfo);
  if (document.academics) state.academics = mergeSection(empty.academics, document.academics);
  if (document.collegeGoals) state.collegeGoals = mergeSection(empty.collegeGoals, document.collegeGoals);
  if (document.activities) state.activities = mergeSection(empty.activities, document.activities);
  if (document.personal) state.personal = mergeSection(empty.personal, document.personal);
  if (document.activitiesAndInvolvement) {
    const activities = document.activitiesAndInvolvement.activities ?? [];
    state.activitiesAndInvolvement = {
      activities: activities.map((entry) => mergeSection(emptyActivityEntry(), entry)),
    };
  }
  if (document.personalInsights) {
    const loaded = document.personalInsights;
    state.personalInsights = {
      ...mergeSection(empty.personalInsights, loaded),
      writingSample: mergeSection(empty.personalInsights.writingSample, loaded.writingSample),
    };
  }
};

export const wizardSlice = createSlice({
  name: 'wizard',
  initialState: emptyProfile,
  reducers: {
    fullNameChanged(state, action: PayloadAction<string>) {
      state.basicInfo.fullName = action.payload;
    },
    emailChanged(state, action: PayloadAction<string>) {
      state.basicInfo.email = action.payload;
    },
    classRankChanged(state, action: PayloadAction<string>) {
      state.academics.classRank = action.payload;
    },
    gpaChanged(state, action: PayloadAction<string>) {
      state.academics.gpa = action.payload;
    },
    subjectToggled(state, action: PayloadAction<string>) {
      state.academics.subjects = toggle(state.academics.subjects, action.payload);
    },
    majorToggled(state, action: PayloadAction<string>) {
      state.academics.majors = toggle(state.academics.majors, action.payload);
    },
    collegeTypeToggled(state, action: PayloadAction<string>) {
      state.collegeGoals.collegeTypes = toggle(state.collegeGoals.collegeTypes, action.payload);
    },
    collegeAdded(state, action: PayloadAction<string>) {
      const { specificColleges } = state.collegeGoals;
      if (checkCollegeName(action.payload, specificColleges) === null) specificColleges.push(action.payload.trim());
    },
    collegeRemoved(state, action: PayloadAction<string>) {
      state.collegeGoals.specificColleges = state.collegeGoals.specificColleges.filter((c) => c !== action.payload);
    },
    activityAdded(state) {
      state.activitiesAndInvolvement.activities.push(emptyActivityEntry());
    },
    activityChanged(state, action: PayloadAction<{ index: number; changes: Partial<ActivityEntry> }>) {
      const entry = state.activitiesAndInvolvement.activities[action.payload.index];
      if (entry) Object.assign(entry, action.payload.changes);
    },
    activityYearToggled(state, action: PayloadAction<{ index: number; year: SchoolYear }>) {
      const entry = state.activitiesAndInvolvement.activities[action.payload.index];
      if (!entry) return;
      const years = toggle(entry.years, action.payload.year);
      // Kept in school order whatever order they were ticked in.
      entry.years = SCHOOL_YEARS.filter((year) => years.includes(year));
    },
    activityRemoved(state, action: PayloadAction<number>) {
      state.activitiesAndInvolvement.activities.splice(action.payload, 1);
    },
    insightChanged(state, action: PayloadAction<{ key: InsightKey; value: string }>) {
      // Cut by code points, the unit the server counts in, so a paste ending in an emoji keeps it whole.
      state.personalInsights[action.payload.key] = cutToCodePoints(cleanText(action.payload.value), INSIGHT_CHAR_LIMIT);
    },
    writingSampleTitleChanged(state, action: PayloadAction<string>) {
      state.personalInsights.writingSample.title = action.payload;
    },
    writingSampleTextChanged(state, action: PayloadAction<string>) {
      state.personalInsights.writingSample.text = cutToCodePoints(cleanText(action.payload), WRITING_SAMPLE_CHAR_LIMIT);
    },
    // Events for analytics (form_step_completed, form_abandoned); they change nothing here.
    wizardStepCompleted(_state, _action: PayloadAction<WizardStepEvent>) {},
    wizardAbandoned(_state, _action: PayloadAction<WizardStepEvent>) {},
  },
  extraReducers: (builder) => {
    builder
      .addCase(formDocumentLoaded, (state, action) => takeLoadedSections(state, action.payload.document))
      .addCase(formReset, () => emptyProfile());
  },
});

export const {
  fullNameChanged, emailChanged, classRankChanged, gpaChanged, subjectToggled, majorToggled,
  collegeTypeToggled, collegeAdded, collegeRemoved, activityAdded, activityChanged, activityYearToggled,
  activityRemoved, insightChanged, writingSampleTitleChanged, writingSampleTextChanged,
  wizardStepCompleted, wizardAbandoned,
} = wizardSlice.actions;

// ---- Selectors (root state typed structurally so this file does not depend on the store) ----
export const selectProfile = (state: WizardRootState): WizardState => state.wizard;
export const selectFullName = (state: WizardRootState) => state.wizard.basicInfo.fullName;
export const selectEmail = (state: WizardRootState) => state.wizard.basicInfo.email;
export const selectClassRank = (state: WizardRootState) => state.wizard.academics.classRank;
export const selectGpa = (state: WizardRootState) => state.wizard.academics.gpa;
export const selectSubjects = (state: WizardRootState) => state.wizard.academics.subjects;
export const selectMajors = (state: WizardRootState) => state.wizard.academics.majors;
export const selectCollegeTypes = (state: WizardRootState) => state.wizard.collegeGoals.collegeTypes;
export const selectSpecificColleges = (state: WizardRootState) => state.wizard.collegeGoals.specificColleges;
export const selectActivityCount = (state: WizardRootState) => state.wizard.activitiesAndInvolvement.activities.length;
export const selectActivity = (state: WizardRootState, index: number): ActivityEntry | undefined =>
  state.wizard.activitiesAndInvolvement.activities[index];
export const selectInsight = (state: WizardRootState, key: InsightKey) => state.wizard.personalInsights[key];
export const selectWritingSample = (state: WizardRootState) => state.wizard.personalInsights.writingSample;

const sameItems = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);
// The same list back while the answer stays as incomplete, so the nav does not re-render per keystroke.
const createMissingSelector = createSelector.withTypes<WizardRootState>();
const missingOptions = { memoizeOptions: { resultEqualityCheck: sameItems } };

const selectStep1Missing = createMissingSelector([selectFullName, selectEmail], (fullName, email) => [
  ...(fullName.trim() === '' ? ['your full name'] : []),
  ...(isValidEmail(email) ? [] : ['a valid email address']),
], missingOptions);
const selectStep2Missing = createMissingSelector([selectClassRank, selectSubjects], (classRank, subjects) => [
  ...(classRank === '' ? ['your class rank'] : []),
  ...(subjects.length === 0 ? ['at least one subject'] : []),
], missingOptions);
const selectStep3Missing = createMissingSelector([selectCollegeTypes], (collegeTypes) =>
  collegeTypes.length === 0 ? ['at least one college type'] : [], missingOptions);
const nothingMissing: string[] = [];
const selectNothingMissing = () => nothingMissing;
const missingByStep = [selectStep1Missing, selectStep2Missing, selectStep3Missing];

/** What step `step` (0-based) still needs before Next is enabled (step 1: name and e-mail, 2: rank and a subject, 3: a college type); empty when it passes. */
export const selectStepMissing = (step: number): ((state: WizardRootState) => string[]) =>
  missingByStep[step] ?? selectNothingMissing;

export const selectStepPasses = (step: number) => (state: WizardRootState): boolean =>
  selectStepMissing(step)(state).length === 0;

/** The first step whose gating fails, or null when the student may leave the questionnaire. */
export const selectFirstBlockedStep = (state: WizardRootState): number | null => {
  const step = FORM_STEPS.findIndex((_name, index) => !selectStepPasses(index)(state));
  return step === -1 ? null : step;
};

/** Steps 1–3 pass their gating: what /essay-type and the routes after it need from the questionnaire. */
export const selectQuestionnairePassesGating = (state: WizardRootState): boolean =>
  selectFirstBlockedStep(state) === null;
