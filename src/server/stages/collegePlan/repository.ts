// The college planner's documents, one per uid with a revision (db/revisionedDocuments.ts): a write based on an
// older revision is refused (409) instead of overwriting another device's edits; an erasure stores a JSON null.
import type { Kysely } from 'kysely';
import {
  findDocument, insertDocument, nextRevision, type SavedRevision, type StoredDocument, storedDocumentBytes,
} from '../../db/revisionedDocuments.ts';
import type { Database } from '../../db/schema.ts';

export type { SavedRevision } from '../../db/revisionedDocuments.ts';

export const findCollegePlan = (db: Kysely<Database>, uid: string): Promise<StoredDocument | undefined> =>
  findDocument(db, 'college_plans', uid);

export const storedCollegePlanBytes = (db: Kysely<Database>, uid: string): Promise<number | undefined> =>
  storedDocumentBytes(db, 'college_plans', uid);

/** The uid's first write (revision 1); undefined when it already has a row. */
export const insertCollegePlan = (
  db: Kysely<Database>, write: { uid: string; document: unknown; at: Date },
): Promise<SavedRevision | undefined> => insertDocument(db, 'college_plans', write);

/** The uid's next revision with `document`, only from `baseRevision` when one is given; undefined when stale. */
export const updateCollegePlan = (
  db: Kysely<Database>, write: { uid: string; document: unknown; at: Date; baseRevision?: number },
): Promise<SavedRevision | undefined> => nextRevision(db, 'college_plans', write);
