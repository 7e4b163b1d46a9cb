// Actions about the whole form document. Each slice handles them for its own sections,
// so no slice knows the storage format and no feature imports another.
import { createAction } from '@reduxjs/toolkit';
import { RESTORED_SECTIONS } from '../common/questionnaire/formDocumentDefaults.ts';
import type { FormDocument, FormSection } from '../common/questionnaire/formDocument.ts';

/** `restored`: a section's other version the student put back, an edit like their typing. */
export type DocumentSource = 'device' | 'remote' | 'restored';

/** A saved document (or part of one) was read back; each slice takes its own sections. */
export const formDocumentLoaded = createAction<{ document: Partial<FormDocument>; source: DocumentSource }>(
  'document/loaded',
);

/**
 * A section both this device and another changed, as the other side had it, is no longer offered: the student
 * put it back (a `restored` load first) or kept this device's. The sync's slice keeps what is offered.
 */
export const replacedSectionSettled = createAction<FormSection>('sync/replacedSectionSettled');

/** The sections offered back after a conflict, with the other side's text (the sync's slice, in the device copy). */
export const selectReplacedSections = (state: { sync: { replaced?: Partial<FormDocument> } }): Partial<FormDocument> =>
  state.sync.replaced ?? NOTHING_REPLACED;
const NOTHING_REPLACED: Partial<FormDocument> = {};

/** The student chose "Start over": every slice returns to its empty state. */
export const formReset = createAction('document/reset');

const restoredFromRemote: readonly FormSection[] = RESTORED_SECTIONS;

/**
 * Whether a loaded document's `section` replaces what this browser holds. The remote store
 * restores only RESTORED_SECTIONS (follow-up questions and supplemental essays stay as they are on the device).
 */
export const takesSection = (section: FormSection, source: DocumentSource): boolean =>
  source !== 'remote' || restoredFromRemote.includes(section);
