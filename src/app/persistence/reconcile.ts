// How a remote copy of the form document meets the device's, as pure functions: section
// by top-level section, what this device edited since its last successful sync wins, and every other
// section takes the remote's. A remote that is behind the device (a new session, a restored database)
// gets the device's whole document instead of erasing it, and one still at the revision the device last saw
// takes nothing from it (nothing new was saved: whatever differs is this device's). Where the remote changed a
// section this device edited too (it differs from what the section held before the edit here), the remote's
// text is kept aside for the student to put back: the losing side's words are never dropped.
import { emptyFormDocument } from '../../common/questionnaire/formDocumentDefaults.ts';
import type { FormDocument, FormSection } from '../../common/questionnaire/formDocument.ts';
import type { RemoteDocument } from '../../remote/index.ts';
import { takesSection } from '../../client-core/documentActions.ts';
import { FORM_SECTIONS, QUESTIONNAIRE_SECTIONS } from './formSections.ts';
import type { SavedSync } from './syncSlice.ts';

const sameValue = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);

/** The sections where `doc` holds something, i.e. differs from the empty document. */
export const sectionsWithContent = (doc: FormDocument): FormSection[] => {
  const empty = emptyFormDocument();
  return FORM_SECTIONS.filter((section) => !sameValue(doc[section], empty[section]));
};

export type Adoption = {
  /** Sections to load from the remote (formDocumentLoaded with source 'remote'). */
  take: Partial<FormDocument>;
  /** The remote revision the device is now based on. */
  revision: number;
  /** What is still this device's to send. */
  dirty: FormSection[];
  /** What the remote holds of the sections this device still has to send (what they now overwrite). */
  seen?: Partial<FormDocument>;
  /** The remote's text of questionnaire sections both sides changed, which this device's edit replaces. */
  replaced?: Partial<FormDocument>;
};

/**
 * What to do with a remote copy, given the device's document, what it remembers of its last sync and what its
 * edited sections held before their edit (`before`).
 */
export function planAdoption(local: FormDocument, sync: SavedSync, remote: RemoteDocument, before: Partial<FormDocument> = {}): Adoption {
  if (remote.revision === 0 || remote.revision < sync.revision) {
    // Nothing remote (never saved, or a new session), or an older copy than this device has seen:
    // keep everything here and send it all.
    const withContent = sectionsWithContent(local);
    const dirty = remote.revision === 0
      ? FORM_SECTIONS.filter((section) => sync.dirty.includes(section) || withContent.includes(section))
      : FORM_SECTIONS;
    return { take: {}, revision: remote.revision, dirty };
  }
  const theirs = remote.document ?? emptyFormDocument();
  const differing = FORM_SECTIONS.filter((section) => takesSection(section, 'remote') && !sameValue(local[section], theirs[section]));
  if (remote.revision === sync.revision && !sync.resetPending) {
    // Nothing was saved since this device last synced, so where the two differ this device was edited, even
    // if the edit's mark never reached the device copy (a page closed between the answer's write and its
    // mark's): taking the remote's section there would erase the student's words.
    return { take: {}, revision: remote.revision, dirty: FORM_SECTIONS.filter((section) => sync.dirty.includes(section) || differing.includes(section)) };
  }
  // A "Start over" not yet sent counts as an edit of every section: the old answers must not come back.
  const edited = sync.resetPending ? FORM_SECTIONS : sync.dirty;
  const take: Partial<FormDocument> = {};
  const replaced: Partial<FormDocument> = {};
  for (const section of differing) {
    if (!edited.includes(section)) Object.assign(take, { [section]: theirs[section] });
    else if (bothChanged(section, sync, before, theirs)) Object.assign(replaced, { [section]: theirs[section] });
  }
  const seen = Object.fromEntries(sync.dirty.map((section) => [section, theirs[section]])) as Partial<FormDocument>;
  return { take, revision: remote.revision, dirty: [...sync.dirty], seen, ...(Object.keys(replaced).length > 0 ? { replaced } : {}) };
}

/**
 * The remote changed a questionnaire section this device edited too: it holds neither this device's text nor
 * what the section held before the edit here. Without that earlier text (an edit before it was kept) it cannot
 * be told, and nothing is offered. A "Start over" not yet sent is the student's choice, not a rival edit.
 */
function bothChanged(section: FormSection, sync: SavedSync, before: Partial<FormDocument>, theirs: FormDocument): boolean {
  return QUESTIONNAIRE_SECTIONS.includes(section) && sync.dirty.includes(section) && !sync.resetPending
    && section in before && !sameValue(before[section], theirs[section]);
}
