// Essay versions of the server backend: append-only rows per uid, beside (not inside) the form document.
// - A version's id is made on the device from the version itself, so a retried upload, or the same version
//   sent by two tabs, is stored once (`on conflict do nothing`): nothing is overwritten, ever.
// - A version whose time is implausible (before 2020, or more than a day ahead: a phone with a wrong clock) is
//   stored with the time the server received it: never refused, so no device loses its versions for its clock.
// - After each write the uid's versions are pruned, in the same transaction, to the limits the device keeps
//   too (src/common/essay/versionPruning.ts: 50 per essay, 1,000 and 2 MiB per browser, thinned by hour then by day,
//   never an essay's newest nor its newest generated one), ranked by when the server received them.
// - Writers of one uid take turns (a transaction-scoped advisory lock on the uid), so the pruning is exact
//   and `revision`, a counter every stored row takes the next value of, grows in the order writes commit:
//   a device that has read up to revision N never misses a row that commits later with a lower number.
// - A coach revision (kind 'coach') is stored as 'edited' with its coach data, and read back as 'coach' (the
//   column's constraint predates it: migration 009 says why); its coach data counts towards its size.
import { type Kysely, sql, type Transaction } from 'kysely';
import { ESSAY_VERSION_KEYS_MAX, ESSAY_VERSIONS_PAGE_BYTES, ESSAY_VERSIONS_PER_PAGE } from '../../../common/limits/limits.ts';
import type { CoachVersionData } from '../../../common/coach/schema.ts';
import type { EssayVersionRecord } from '../../../common/contract/contract.ts';
import { isPlausibleTime } from '../../../common/time/plausibleTime.ts';
import {
  DEFAULT_PRUNING_LIMITS, ESSAY_VERSION_OVERHEAD_BYTES, versionsToLetGo, versionsWithin,
} from '../../../common/essay/versionPruning.ts';
import type { Database } from '../../db/schema.ts';
import { lockUid } from '../../db/uidLock.ts';

export type StoredEssayVersion = EssayVersionRecord & { revision: number };

/** The uid's essays with versions, plus the new ones, would pass ESSAY_VERSION_KEYS_MAX. */
export class TooManyEssaysError extends Error {}

/** The student's data was erased after the device read the revision its batch is based on. */
export class ErasedSinceReadError extends Error {}


/** The highest revision the uid's versions hold (0 for none). */
export async function currentEssayVersionsRevision(db: Kysely<Database> | Transaction<Database>, uid: string): Promise<number> {
  const row = await db.selectFrom('essay_versions').select((eb) => eb.fn.max('revision').as('revision'))
    .where('uid', '=', uid).executeTakeFirst();
  return Number(row?.revision ?? 0);
}

/** What a stored version takes, as versionSize weighs it: its text and its coach data as text. */
const storedBytes = sql<number>`octet_length(text) + coalesce(octet_length(coach::text), 0)`;

/** The kind the API speaks of: a row with coach data is a coach revision (see migration 009). */
const apiKind = (row: { kind: 'generated' | 'edited'; coach: unknown }): EssayVersionRecord['kind'] => (row.coach === null ? row.kind : 'coach');

/** Lets go of the uid's versions past the limits (versionsToLetGo); answers how many went. */
async function pruneEssayVersions(trx: Transaction<Database>, uid: string, now: Date): Promise<number> {
  // Most writes pass no limit: one row per essay tells (octet_length reads a text's size from its header).
  const usage = await trx.selectFrom('essay_versions')
    .select(['essay_key', sql<number>`count(*)`.as('count'), sql<number>`sum(${storedBytes})`.as('bytes')])
    .where('uid', '=', uid).groupBy('essay_key').execute();
  const count = usage.reduce((sum, row) => sum + Number(row.count), 0);
  const bytes = usage.reduce((sum, row) => sum + Number(row.bytes), 0) + count * ESSAY_VERSION_OVERHEAD_BYTES;
  const overTotal = count > DEFAULT_PRUNING_LIMITS.perBrowser || bytes > DEFAULT_PRUNING_LIMITS.totalBytes;
  const overKeys = usage.filter((row) => Number(row.count) > DEFAULT_PRUNING_LIMITS.perEssay).map((row) => row.essay_key);
  if (!overTotal && overKeys.length === 0) return 0;
  // Within the browser's totals only the essays past their count lose versions, and only to their own
  // older ones: weighing just those essays answers the same as weighing all, without reading every row.
  let query = trx.selectFrom('essay_versions')
    .select(['id', 'essay_key', 'kind', 'coach', 'at', 'stored_at', 'revision', storedBytes.as('bytes')])
    .where('uid', '=', uid);
  if (!overTotal) query = query.where('essay_key', 'in', overKeys);
  const rows = await query.execute();
  const limits = overTotal ? DEFAULT_PRUNING_LIMITS : { ...DEFAULT_PRUNING_LIMITS, perBrowser: Infinity, totalBytes: Infinity };
  const ids = versionsToLetGo(rows.map((row) => ({
    id: row.id, essayKey: row.essay_key, kind: apiKind(row), size: Number(row.bytes) + ESSAY_VERSION_OVERHEAD_BYTES,
    receivedAt: row.stored_at.getTime(), at: row.at.getTime(), sequence: row.revision,
  })), now.getTime(), limits);
  if (ids.length > 0) await trx.deleteFrom('essay_versions').where('uid', '=', uid).where('id', 'in', ids).execute();
  return ids.length;
}

/**
 * Stores the versions not stored yet and prunes the uid's versions to their limits; answers the uid's revision.
 * A batch without `baseRevision` (an older client's tab) counts as based on nothing read: after an erasure it
 * is refused like any batch read before it, so erased essays stay erased whichever client holds a copy.
 */
export async function saveEssayVersions(
  db: Kysely<Database>, uid: string, versions: EssayVersionRecord[], storedAt: Date, baseRevision = 0,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await lockUid(trx, uid);
    // Under the lock an erasure takes too, so no batch read before it is stored after it.
    const erased = await trx.selectFrom('tombstones').select('uid')
      .where('uid', '=', uid).where('versions_revision', '>', baseRevision).executeTakeFirst();
    if (erased) throw new ErasedSinceReadError();
    const keys = [...new Set(versions.map((version) => version.essayKey))];
    const known = await trx.selectFrom('essay_versions').select('essay_key').distinct().where('uid', '=', uid).execute();
    const allKeys = new Set([...known.map((row) => row.essay_key), ...keys]);
    if (allKeys.size > ESSAY_VERSION_KEYS_MAX) throw new TooManyEssaysError();
    await trx.insertInto('essay_versions')
      .values(versions.map((version) => ({
        uid, id: version.id, essay_key: version.essayKey, kind: version.kind === 'coach' ? 'edited' as const : version.kind,
        text: version.text, coach: version.coach === undefined ? null : sql<CoachVersionData>`cast(${JSON.stringify(version.coach)} as jsonb)`,
        at: isPlausibleTime(version.at, storedAt) ? new Date(version.at) : storedAt,
        stored_at: storedAt,
      })))
      .onConflict((conflict) => conflict.columns(['uid', 'id']).doNothing())
      .execute();
    await pruneEssayVersions(trx, uid, storedAt);
    return currentEssayVersionsRevision(trx, uid);
  });
}

/**
 * Where the uid's next page after revision `since` ends: its last revision, cut by the versions' bytes
 * (ESSAY_VERSIONS_PAGE_BYTES, at least one version) and their count, and whether more follow. Only the sizes
 * are read (octet_length reads a stored text's size from its header), so the page's texts are read once.
 */
async function pageEnd(db: Kysely<Database>, uid: string, since: number): Promise<{ last: number | undefined; more: boolean }> {
  const sizes = await db.selectFrom('essay_versions').select(['revision', storedBytes.as('bytes')])
    .where('uid', '=', uid).where('revision', '>', since)
    .orderBy('revision').limit(ESSAY_VERSIONS_PER_PAGE + 1)
    .execute();
  const fit = versionsWithin(sizes.slice(0, ESSAY_VERSIONS_PER_PAGE).map((row) => Number(row.bytes) + ESSAY_VERSION_OVERHEAD_BYTES), ESSAY_VERSIONS_PAGE_BYTES);
  return { last: sizes[fit - 1]?.revision, more: sizes.length > fit };
}

/** The uid's stored rows of versions after revision `since`, oldest first, a page cut by bytes at a time (for the export). */
export async function* essayVersionRowPages(db: Kysely<Database>, uid: string, since: number): AsyncGenerator<Array<Record<string, unknown>>> {
  for (let from = since; ;) {
    const { last, more } = await pageEnd(db, uid, from);
    if (last === undefined) return;
    const rows = await db.selectFrom('essay_versions').selectAll()
      .where('uid', '=', uid).where('revision', '>', from).where('revision', '<=', last).orderBy('revision').execute();
    if (rows.length > 0) yield rows;
    if (!more) return;
    from = last;
  }
}

/** The uid's versions stored after revision `since`, oldest revision first, one page (cut by bytes) at a time. */
export async function readEssayVersions(
  db: Kysely<Database>, uid: string, since: number,
): Promise<{ versions: StoredEssayVersion[]; revision: number; more: boolean }> {
  const { last, more } = await pageEnd(db, uid, since);
  const rows = last === undefined ? [] : await db.selectFrom('essay_versions')
    .select(['id', 'essay_key', 'kind', 'coach', 'text', 'at', 'revision'])
    .where('uid', '=', uid).where('revision', '>', since).where('revision', '<=', last)
    .orderBy('revision')
    .execute();
  return {
    versions: rows.map((row) => ({
      id: row.id, essayKey: row.essay_key, kind: apiKind(row), text: row.text, at: row.at.toISOString(), revision: row.revision,
      ...(row.coach === null ? {} : { coach: row.coach }),
    })),
    revision: rows.at(-1)?.revision ?? since,
    more,
  };
}
