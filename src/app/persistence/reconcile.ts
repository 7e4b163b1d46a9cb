// How a remote copy of the form document meets the device's, as pure functions: section
// by top-level section, what this device edited since its last successful sync wins, and every other
// section takes the remote's. A remote that is behind the device (a new session, a restored database)
// gets the device's whole document instead of erasing it, and one still at the revision the device last saw
// takes nothing from it (nothing new was saved: whatever differs is this device's).
import { emptyFormDocument } from '../../common/questionnaire/formDocumentDefaults.ts';
import type { FormDocument, FormSection } from '../../common/questionnaire/formDocument.ts';
import type { RemoteDocument } from '../../remote/index.ts';
import { takesSection } from '../../client-core/documentActions.ts';
import { FORM_SECTIONS } from './formSections.ts';
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
};

/** What to do with a remote copy, given the device's document and what it remembers of its last sync. */
export function planAdoption(local: FormDocument, sync: SavedSync, remote: RemoteDocument): Adoption {
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
  for (const section of differing) {
    if (!edited.includes(section)) Object.assign(take, { [section]: theirs[section] });
  }
  return { take, revision: remote.revision, dirty: [...sync.dirty] };
}
