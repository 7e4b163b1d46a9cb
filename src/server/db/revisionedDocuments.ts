// The tables that keep one jsonb document per uid with a revision every accepted write bumps (the
// questionnaire's forms, the college plans): a write based on an older revision is refused (409) instead of
// overwriting another device's edits. An emptied document is a JSON null, never a deleted row, so the revision
// keeps counting and a stale write from another tab still meets a conflict.
import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.ts';

/** Tables of the same columns: uid, document, revision, updated_at. */
type RevisionedTable = 'forms' | 'college_plans';

export interface StoredDocument {
  /** The document as stored; null once emptied. */
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

export async function findDocument(db: Kysely<Database>, table: RevisionedTable, uid: string): Promise<StoredDocument | undefined> {
  const row = await db.selectFrom(table).select(['document', 'revision', 'updated_at']).where('uid', '=', uid).executeTakeFirst();
  return row && { document: row.document, revision: row.revision, updatedAt: row.updated_at };
}

/** The stored document's size as PostgreSQL writes it as text (what a save adds is measured against it); undefined without a row. */
export async function storedDocumentBytes(db: Kysely<Database>, table: RevisionedTable, uid: string): Promise<number | undefined> {
  const row = await db.selectFrom(table).select(sql<number>`octet_length(document::text)`.as('bytes'))
    .where('uid', '=', uid).executeTakeFirst();
  return row === undefined ? undefined : Number(row.bytes);
}

/** The uid's first write (revision 1); undefined when it already has a row. */
export async function insertDocument(
  db: Kysely<Database>, table: RevisionedTable, write: { uid: string; document: unknown; at: Date },
): Promise<SavedRevision | undefined> {
  const row = await db.insertInto(table)
    .values({ uid: write.uid, document: asJsonb(write.document), revision: 1, updated_at: write.at })
    .onConflict((conflict) => conflict.column('uid').doNothing())
    .returning(['revision', 'updated_at']).executeTakeFirst();
  return saved(row);
}

/** The uid's next revision with `document`, only from `baseRevision` when one is given; undefined when stale or no row. */
export async function nextRevision(
  db: Kysely<Database>, table: RevisionedTable, write: { uid: string; document: unknown; at: Date; baseRevision?: number },
): Promise<SavedRevision | undefined> {
  let update = db.updateTable(table)
    .set({ document: asJsonb(write.document), revision: sql<number>`revision + 1`, updated_at: write.at })
    .where('uid', '=', write.uid);
  if (write.baseRevision !== undefined) update = update.where('revision', '=', write.baseRevision);
  return saved(await update.returning(['revision', 'updated_at']).executeTakeFirst());
}
