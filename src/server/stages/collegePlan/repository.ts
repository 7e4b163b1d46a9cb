// The college planner's documents: one jsonb document per uid with a revision that every accepted write bumps,
// so a write based on an older revision is refused (409) instead of overwriting another device's edits.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface StoredCollegePlan {
  /** The document as stored; null after an erasure. */
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

export async function findCollegePlan(db: Kysely<Database>, uid: string): Promise<StoredCollegePlan | undefined> {
  const row = await db.selectFrom('college_plans').select(['document', 'revision', 'updated_at'])
    .where('uid', '=', uid).executeTakeFirst();
  return row && { document: row.document, revision: row.revision, updatedAt: row.updated_at };
}

/** The stored document's size as PostgreSQL writes it as text; undefined when the uid has no row yet. */
export async function storedCollegePlanBytes(db: Kysely<Database>, uid: string): Promise<number | undefined> {
  const row = await db.selectFrom('college_plans').select(sql<number>`octet_length(document::text)`.as('bytes'))
    .where('uid', '=', uid).executeTakeFirst();
  return row === undefined ? undefined : Number(row.bytes);
}

/** The uid's first write (revision 1); undefined when it already has a row. */
export async function insertCollegePlan(
  db: Kysely<Database>, write: { uid: string; document: unknown; at: Date },
): Promise<SavedRevision | undefined> {
  const row = await db.insertInto('college_plans')
    .values({ uid: write.uid, document: asJsonb(write.document), revision: 1, updated_at: write.at })
    .onConflict((conflict) => conflict.column('uid').doNothing())
    .returning(['revision', 'updated_at']).executeTakeFirst();
  return saved(row);
}

/** The uid's next revision with `document`, only from `baseRevision` when one is given; undefined when stale. */
export async function updateCollegePlan(
  db: Kysely<Database>, write: { uid: string; document: unknown; at: Date; baseRevision?: number },
): Promise<SavedRevision | undefined> {
  let update = db.updateTable('college_plans')
    .set({ document: asJsonb(write.document), revision: sql<number>`revision + 1`, updated_at: write.at })
    .where('uid', '=', write.uid);
  if (write.baseRevision !== undefined) update = update.where('revision', '=', write.baseRevision);
  return saved(await update.returning(['revision', 'updated_at']).executeTakeFirst());
}
