// The form document's top-level sections, the unit the sync marks and reconciles. Apart from reconcile.ts so
// the listener, in every page's first load, does not bring the reconciling (used only by a sync run) with it.
import { emptyFormDocument } from '../../common/questionnaire/formDocumentDefaults.ts';
import type { FormDocument, FormSection } from '../../common/questionnaire/formDocument.ts';

export const FORM_SECTIONS = Object.keys(emptyFormDocument()) as FormSection[];

/** The sections a change touched: the document selector keeps an untouched section's reference. */
export const changedSections = (before: FormDocument, after: FormDocument): FormSection[] =>
  FORM_SECTIONS.filter((section) => before[section] !== after[section]);

/** The sections the questionnaire's five steps fill, in their order: a conflict in one is offered back. */
export const QUESTIONNAIRE_SECTIONS: readonly FormSection[] = [
  'basicInfo', 'academics', 'collegeGoals', 'activitiesAndInvolvement', 'personalInsights',
];
