// The server backend's form documents: one JSONB document per uid with a revision that
// every accepted write bumps, so a write based on an older revision can be refused (409) instead of
// silently overwriting another device's edits. "Start over" stores a JSON null rather than deleting the
// row, so the revision keeps counting and a stale write from another tab still meets a conflict.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface StoredForm {
  /** The document as stored; null after a reset. */
  document: unknown;
  revision: number;
  updatedAt: Date;
}

export interface SavedRevision {
  revision: number;
  updatedAt: Date;
}

// Passed as text and cast, so a JSON null is stored as jsonb 'null' and never as SQL NULL.
const asJsonb = (document: unknown) => sql<unknown>`cast(${JSON.stringify(document)} as jsonb)`;

const saved = (row: { revision: number; updated_at: Date } | undefined): SavedRevision | undefined =>
  row && { revision: row.revision, updatedAt: row.updated_at };

export async function findForm(db: Kysely<Database>, uid: string): Promise<StoredForm | undefined> {
  const row = await db.selectFrom('forms').select(['document', 'revision', 'updated_at'])
    .where('uid', '=', uid).executeTakeFirst();
  return row && { document: row.document, revision: row.revision, updatedAt: row.updated_at };
}

/**
 * The size of the uid's stored document as PostgreSQL writes it as text, or undefined when the uid has no row
 * yet: what a save adds is measured against it.
 */
export async function storedFormBytes(db: Kysely<Database>, uid: string): Promise<number | undefined> {
  const row = await db.selectFrom('forms').select(sql<number>`octet_length(document::text)`.as('bytes'))
    .where('uid', '=', uid).executeTakeFirst();
  return row === undefined ? undefined : Number(row.bytes);
}

/** The first write of a uid (revision 1); undefined when the uid already has a document. */
export async function insertForm(
  db: Kysely<Database>, write: { uid: string; document: unknown; at: Date },
): Promise<SavedRevision | undefined> {
  const row = await db.insertInto('forms')
    .values({ uid: write.uid, document: asJsonb(write.document), revision: 1, updated_at: write.at })
    .onConflict((conflict) => conflict.column('uid').doNothing())
    .returning(['revision', 'updated_at']).executeTakeFirst();
  return saved(row);
}

/** The uid's next revision with `document`; only from `baseRevision` when one is given. Undefined: no such row. */
async function nextRevision(
  db: Kysely<Database>, write: { uid: string; document: unknown; at: Date; baseRevision?: number },
): Promise<SavedRevision | undefined> {
  let update = db.updateTable('forms')
    .set({ document: asJsonb(write.document), revision: sql<number>`revision + 1`, updated_at: write.at })
    .where('uid', '=', write.uid);
  if (write.baseRevision !== undefined) update = update.where('revision', '=', write.baseRevision);
  return saved(await update.returning(['revision', 'updated_at']).executeTakeFirst());
}

/** Replaces the document only if it is still at `baseRevision`; undefined when it is not (a stale write). */
export const updateForm = (
  db: Kysely<Database>, write: { uid: string; document: unknown; baseRevision: number; at: Date },
): Promise<SavedRevision | undefined> => nextRevision(db, write);

/** "Start over": the document becomes null and the revision moves on. Undefined when there was none. */
export const clearForm = (db: Kysely<Database>, reset: { uid: string; at: Date }): Promise<SavedRevision | undefined> =>
  nextRevision(db, { ...reset, document: null });
