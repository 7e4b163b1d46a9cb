// The form document (what the remote store keeps for each browser), assembled from the slices by one selector
// and loaded back by one action each slice handles (src/client-core/documentActions.ts), so no slice knows
// the storage format. Each section is read by the selector of the stage that holds it (its `document`, in
// src/app/stages.ts). The features that send it (the AI thunks) get this selector through the thunk's extra
// argument (store.ts), so this file may read them without their importing it back.
import { createSelector } from '@reduxjs/toolkit';
import type { FormDocument, FormSection } from '../common/questionnaire/formDocument.ts';
import { FORM_SECTIONS } from './persistence/formSections.ts';
import { STAGES } from './stages.ts';
import type { RootState } from './store.ts';

export type FormDocumentSelector = (state: RootState) => FormDocument;

const sectionSelectors = new Map<FormSection, (state: RootState) => unknown>(
  STAGES.flatMap((stage) => Object.entries(stage.document ?? {}) as Array<[FormSection, (state: RootState) => unknown]>),
);

/** Every section's selector, in the document's order; a section no stage holds is a mistake found at start-up. */
const inDocumentOrder = FORM_SECTIONS.map((section) => {
  const select = sectionSelectors.get(section);
  if (!select) throw new Error(`No stage holds the form document's section "${section}"`);
  return select;
});

/** The whole document, recomputed only when one of its sections changes (the remote sync compares it). */
export const selectFormDocument: FormDocumentSelector = createSelector(
  inDocumentOrder,
  // Named one by one rather than spread from the slices, so nothing but the document's own sections is ever sent.
  (...sections: unknown[]): FormDocument => Object.fromEntries(FORM_SECTIONS.map((section, index) => [section, sections[index]])) as FormDocument,
);
