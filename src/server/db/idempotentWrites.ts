// The record of keyed writes (plugins/idempotency.ts): claimed inside the write's transaction before the route
// runs, completed with its answer in the same transaction, so a committed write always has its answer here and
// a write that rolled back has none. A second request with the same key waits on the claim's row (PostgreSQL)
// until the first commits or rolls back, then finds the answer or claims the key itself.
import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.ts';
import type { StageData } from './studentData.ts';
import { ERASE_BATCH, inBatches } from './studentErase.ts';
import { single } from './studentExport.ts';

type Db = Kysely<Database>;

/** How long a write's answer is kept: a device retries within minutes, or after a day offline at most. */
export const IDEMPOTENCY_KEPT_MS = 24 * 60 * 60 * 1000;
/**
 * Answers kept per browser and route, the newest: a device sends one write of a kind at a time and retries the
 * last, so this only bounds what a browser sending thousands of keyed writes a day can make the server keep.
 */
const IDEMPOTENCY_KEPT_PER_ROUTE = 100;

export interface KeyedWrite {
  uid: string;
  key: string;
  /** Method and route, e.g. `PUT /api/forms/me`. */
  route: string;
  /** A hash of the request's body: the same key with another body is not the same write. */
  requestHash: string;
}

interface RecordedWrite {
  route: string;
  requestHash: string;
  /** Null only inside the transaction that claimed it. */
  status: number | null;
  response: unknown;
}

/**
 * Claims the key for this write, dropping the browser's oldest answers on the route beyond the kept number;
 * false when the key is already recorded (committed by an earlier request).
 */
export async function claimKey(db: Db, write: KeyedWrite, at: Date): Promise<boolean> {
  const { uid, key, route, requestHash } = write;
  const { rows } = await sql<{ claimed: number }>`
    with pruned as (
      delete from idempotent_writes where uid = ${uid} and route = ${route} and created_at <= (
        select created_at from idempotent_writes where uid = ${uid} and route = ${route}
        order by created_at desc offset ${IDEMPOTENCY_KEPT_PER_ROUTE - 1} limit 1)
    )
    insert into idempotent_writes (uid, idempotency_key, route, request_hash, created_at)
    values (${uid}, ${key}, ${route}, ${requestHash}, ${at})
    on conflict (uid, idempotency_key) do nothing
    returning 1 as claimed`.execute(db);
  return rows.length === 1;
}

/** The claimed key's answer, written before the transaction commits. */
export async function recordAnswer(db: Db, write: Pick<KeyedWrite, 'uid' | 'key'>, status: number, response: unknown): Promise<void> {
  await db.updateTable('idempotent_writes')
    .set({ status, response: sql`cast(${JSON.stringify(response ?? null)} as jsonb)` })
    .where('uid', '=', write.uid).where('idempotency_key', '=', write.key).execute();
}

/** A claim given up inside its transaction (the route answered itself, with nothing to record). */
export async function dropClaim(db: Db, write: Pick<KeyedWrite, 'uid' | 'key'>): Promise<void> {
  await db.deleteFrom('idempotent_writes').where('uid', '=', write.uid).where('idempotency_key', '=', write.key).execute();
}

export async function findRecordedWrite(db: Db, uid: string, key: string): Promise<RecordedWrite | undefined> {
  const row = await db.selectFrom('idempotent_writes').select(['route', 'request_hash', 'status', 'response'])
    .where('uid', '=', uid).where('idempotency_key', '=', key).executeTakeFirst();
  return row && { route: row.route, requestHash: row.request_hash, status: row.status, response: row.response };
}

/** Deletes the answers older than a day, a batch per statement (the retention purge runs it). */
export async function purgeExpiredWrites(db: Db, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_KEPT_MS);
  await inBatches(ERASE_BATCH.rows, async (limit) => {
    const result = await sql`delete from idempotent_writes where (uid, idempotency_key) in (
      select uid, idempotency_key from idempotent_writes where created_at < ${cutoff} limit ${limit})`.execute(db);
    return { rows: result.numAffectedRows ?? 0n };
  });
}

/**
 * Part of a student's data: exported (which writes were answered what, for a day) and gone the moment the
 * student is erased, so no answer from before an erasure is ever given again.
 */
export const idempotentWritesData: StageData = {
  tables: { idempotent_writes: { rows: 'erase', uids: ['uid'] } },
  // At most IDEMPOTENCY_KEPT_PER_ROUTE rows for each keyed route: one page.
  exportSections: (db, uid) => [['idempotent_writes', () => single(db.selectFrom('idempotent_writes')
    .select(['route', 'status', 'response', 'created_at']).where('uid', '=', uid).where('status', 'is not', null)
    .orderBy('created_at').execute())]],
  onTombstone: async (trx, uid) => {
    await trx.deleteFrom('idempotent_writes').where('uid', '=', uid).execute();
  },
};
