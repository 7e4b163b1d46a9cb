// The stages' own remote documents (a stage's `remoteDocument`, the college list), read from the stage list:
// what the persistence listener watches besides the form document and what the sync run sends after it.
import type { RootState } from '../store.ts';
import { STAGES } from '../stages.ts';

const documents = STAGES.flatMap((stage) => (stage.remoteDocument ? [stage.remoteDocument] : []));

export const stageDocuments = documents;

/** Did this change give the run work for a stage's document: an edit the remote lacks, or a first read wanted? */
export const stageDocumentsEdited = (current: RootState, previous: RootState): boolean =>
  documents.some((document) => document.unsent(current) && (document.of(current) !== document.of(previous) || !document.unsent(previous)));

export const stageDocumentsUnsent = (state: RootState): boolean => documents.some((document) => document.unsent(state));
