// Tombstones: the durable record that a browser's data was erased ("Delete my data", or the retention purge)
// at a time, written before anything is erased, so an erasure cut short (a crash, a deploy) is finished by the
// next purge, and a device learns its copies were erased rather than lost, for every browser, questionnaire or
// not. A tombstone also marks where the essay versions' revisions stood: the erasure takes the uid's version
// lock and draws the next revision, so every version stored before it has a lower revision and every version
// stored after it a higher one. A device whose read was below the mark read before the erasure. Tombstones
// expire after the retention period.
import { type Kysely, sql, type Transaction } from 'kysely';
import { lockUid } from './uidLock.ts';
import type { Database } from './schema.ts';
import type { StudentData } from './studentData.ts';

export interface Tombstone {
  erasedAt: Date;
  /** The uid's versions below this revision were erased. */
  versionsRevision: number;
}

/**
 * Records that the uid's data is erased from now on, and lets each stage do what must happen at that very
 * moment (the questionnaire's document becomes the form's own tombstone: no document, the next revision, so a
 * tab still holding the old copy gets a conflict). Answers the versions' revision mark.
 */
export async function writeTombstone(
  db: Kysely<Database>, data: Pick<StudentData, 'onTombstone'>, uid: string, at: Date,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await lockUid(trx, uid);
    const mark = await nextVersionsRevision(trx);
    await trx.insertInto('tombstones').values({ uid, erased_at: at, versions_revision: mark, finished_at: null })
      .onConflict((conflict) => conflict.column('uid').doUpdateSet({ erased_at: at, versions_revision: mark, finished_at: null }))
      .execute();
    await data.onTombstone(trx, uid, at);
    return mark;
  });
}

/** A revision no version has yet: the essay versions' own sequence, drawn once (gaps are harmless). */
async function nextVersionsRevision(trx: Transaction<Database>): Promise<number> {
  const { rows } = await sql<{ mark: number }>`
    select cast(nextval(pg_get_serial_sequence('essay_versions', 'revision')) as integer) as mark`.execute(trx);
  return Number(rows[0]?.mark);
}

export async function findTombstone(db: Kysely<Database>, uid: string): Promise<Tombstone | undefined> {
  const row = await db.selectFrom('tombstones').select(['erased_at', 'versions_revision']).where('uid', '=', uid).executeTakeFirst();
  return row && { erasedAt: row.erased_at, versionsRevision: row.versions_revision };
}

export async function finishTombstone(db: Kysely<Database>, uid: string, mark: number, at: Date): Promise<void> {
  // Only the erasure it was written for: a newer one (the uid erased again meanwhile) finishes on its own.
  await db.updateTable('tombstones').set({ finished_at: at })
    .where('uid', '=', uid).where('versions_revision', '=', mark).execute();
}

/** Erasures cut short, oldest first. */
export async function unfinishedTombstones(db: Kysely<Database>, limit: number): Promise<Array<{ uid: string; mark: number }>> {
  const rows = await db.selectFrom('tombstones').select(['uid', 'versions_revision'])
    .where('finished_at', 'is', null).orderBy('erased_at').limit(limit).execute();
  return rows.map((row) => ({ uid: row.uid, mark: row.versions_revision }));
}

/**
 * Deletes up to `limit` finished tombstones older than `cutoff`, with what the erasure left for them (the form
 * rows left empty, unless the browser saved a document since): afterwards nothing is left of the browser but
 * its money records. Answers how many went.
 */
export async function expireTombstones(
  db: Kysely<Database>, data: Pick<StudentData, 'onTombstoneExpired'>, cutoff: Date, limit: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const expired = await trx.deleteFrom('tombstones')
      .where('uid', 'in', (eb) => eb.selectFrom('tombstones').select('uid')
        .where('erased_at', '<', cutoff).where('finished_at', 'is not', null).orderBy('erased_at').limit(limit))
      .returning(['uid', 'erased_at']).execute();
    for (const { uid, erased_at: erasedAt } of expired) await data.onTombstoneExpired(trx, uid, erasedAt);
    return expired.length;
  });
}
