// The questionnaire's form documents, one per uid with a revision (db/revisionedDocuments.ts). "Start over"
// stores a JSON null rather than deleting the row, so the revision keeps counting and a stale write from
// another tab still meets a conflict.
import type { Kysely } from 'kysely';
import {
  findDocument, insertDocument, nextRevision, type SavedRevision, type StoredDocument, storedDocumentBytes,
} from '../../db/revisionedDocuments.ts';
import type { Database } from '../../db/schema.ts';

export type { SavedRevision } from '../../db/revisionedDocuments.ts';

export const findForm = (db: Kysely<Database>, uid: string): Promise<StoredDocument | undefined> => findDocument(db, 'forms', uid);

export const storedFormBytes = (db: Kysely<Database>, uid: string): Promise<number | undefined> =>
  storedDocumentBytes(db, 'forms', uid);

/** The first write of a uid (revision 1); undefined when the uid already has a document. */
export const insertForm = (db: Kysely<Database>, write: { uid: string; document: unknown; at: Date }): Promise<SavedRevision | undefined> =>
  insertDocument(db, 'forms', write);

/** Replaces the document only if it is still at `baseRevision`; undefined when it is not (a stale write). */
export const updateForm = (
  db: Kysely<Database>, write: { uid: string; document: unknown; baseRevision: number; at: Date },
): Promise<SavedRevision | undefined> => nextRevision(db, 'forms', write);

/** "Start over": the document becomes null and the revision moves on. Undefined when there was none. */
export const clearForm = (db: Kysely<Database>, reset: { uid: string; at: Date }): Promise<SavedRevision | undefined> =>
  nextRevision(db, 'forms', { ...reset, document: null });
