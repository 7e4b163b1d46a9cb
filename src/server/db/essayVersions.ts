// Essay versions of the server backend: append-only rows per uid, beside (not inside) the form document.
// - A version's id is made on the device from the version itself, so a retried upload, or the same version
//   sent by two tabs, is stored once (`on conflict do nothing`): nothing is overwritten, ever.
// - Each essay keeps its newest ESSAY_VERSIONS_PER_ESSAY versions (by time, then id); the rest are pruned in
//   the same transaction as the insert.
// - Writers of one uid take turns (a transaction-scoped advisory lock on the uid), so the pruning is exact
//   and `revision`, a counter every stored row takes the next value of, grows in the order writes commit:
//   a device that has read up to revision N never misses a row that commits later with a lower number.
import { type Kysely, sql, type Transaction } from 'kysely';
import { ESSAY_VERSION_KEYS_MAX, ESSAY_VERSIONS_PER_ESSAY, ESSAY_VERSIONS_PER_PAGE } from '../../common/constants.ts';
import type { EssayVersionRecord } from '../../common/contract.ts';
import type { Database } from './schema.ts';

export type StoredEssayVersion = EssayVersionRecord & { revision: number };

/** The uid's essays with versions, plus the new ones, would pass ESSAY_VERSION_KEYS_MAX. */
export class TooManyEssaysError extends Error {}

/** The student's data was erased after the device read the revision its batch is based on. */
export class ErasedSinceReadError extends Error {}

export async function lockUid(trx: Transaction<Database>, uid: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`essay_versions:${uid}`}, 0))`.execute(trx);
}

/** The highest revision the uid's versions hold (0 for none). */
export async function currentEssayVersionsRevision(db: Kysely<Database> | Transaction<Database>, uid: string): Promise<number> {
  const row = await db.selectFrom('essay_versions').select((eb) => eb.fn.max('revision').as('revision'))
    .where('uid', '=', uid).executeTakeFirst();
  return Number(row?.revision ?? 0);
}

/** Stores the versions not stored yet and prunes each essay to its newest versions; answers the uid's revision. */
export async function saveEssayVersions(
  db: Kysely<Database>, uid: string, versions: EssayVersionRecord[], storedAt: Date, baseRevision?: number,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await lockUid(trx, uid);
    // Under the lock an erasure takes too, so no batch read before it is stored after it.
    if (baseRevision !== undefined) {
      const erased = await trx.selectFrom('tombstones').select('uid')
        .where('uid', '=', uid).where('versions_revision', '>', baseRevision).executeTakeFirst();
      if (erased) throw new ErasedSinceReadError();
    }
    const keys = [...new Set(versions.map((version) => version.essayKey))];
    const known = await trx.selectFrom('essay_versions').select('essay_key').distinct().where('uid', '=', uid).execute();
    const allKeys = new Set([...known.map((row) => row.essay_key), ...keys]);
    if (allKeys.size > ESSAY_VERSION_KEYS_MAX) throw new TooManyEssaysError();
    await trx.insertInto('essay_versions')
      .values(versions.map((version) => ({
        uid, id: version.id, essay_key: version.essayKey, kind: version.kind, text: version.text, at: new Date(version.at),
        stored_at: storedAt,
      })))
      .onConflict((conflict) => conflict.columns(['uid', 'id']).doNothing())
      .execute();
    for (const key of keys) {
      await trx.deleteFrom('essay_versions')
        .where('uid', '=', uid).where('essay_key', '=', key)
        .where('id', 'not in', (eb) => eb.selectFrom('essay_versions').select('id')
          .where('uid', '=', uid).where('essay_key', '=', key)
          .orderBy('at', 'desc').orderBy('id', 'desc').limit(ESSAY_VERSIONS_PER_ESSAY))
        .execute();
    }
    return currentEssayVersionsRevision(trx, uid);
  });
}

/** The uid's versions stored after revision `since`, oldest revision first, one page at a time. */
export async function readEssayVersions(
  db: Kysely<Database>, uid: string, since: number,
): Promise<{ versions: StoredEssayVersion[]; revision: number; more: boolean }> {
  const rows = await db.selectFrom('essay_versions')
    .select(['id', 'essay_key', 'kind', 'text', 'at', 'revision'])
    .where('uid', '=', uid).where('revision', '>', since)
    .orderBy('revision').limit(ESSAY_VERSIONS_PER_PAGE + 1)
    .execute();
  const page = rows.slice(0, ESSAY_VERSIONS_PER_PAGE);
  return {
    versions: page.map((row) => ({
      id: row.id, essayKey: row.essay_key, kind: row.kind, text: row.text, at: row.at.toISOString(), revision: row.revision,
    })),
    revision: page.at(-1)?.revision ?? since,
    more: rows.length > ESSAY_VERSIONS_PER_PAGE,
  };
}
