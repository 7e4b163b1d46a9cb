// The retention purge: erases the data of every browser idle longer than the retention period, whatever it
// holds (a questionnaire or none, after Start over or not), as "Delete my data" would, tombstone included.
// Each run, on one instance at a time (a lease row, so no connection is pinned for the run):
//   1. finishes erasures cut short (tombstones not yet finished);
//   2. expires tombstones older than the retention period;
//   3. deletes what is tied to no browser and older than the period (feedback sent without a session, codes
//      unused and expired: a code asked for before codes were bound to a browser names none), and the answers
//      to keyed writes older than a day (idempotentWrites.ts);
//   4. walks on through the browsers (every uid with rows that erasing would touch, in uid order from where
//      the last run stopped, a few thousand per run) and erases those whose every row is older than the period.
// Every statement is short and indexed, so a run never holds the database or the event loop for long.
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { type Kysely, sql } from 'kysely';
import { purgeExpiredWrites } from './idempotentWrites.ts';
import type { Database } from './schema.ts';
import { ERASE_BATCH, eraseStudentData } from './studentErase.ts';
import type { StudentData } from './studentData.ts';
import { expireTombstones, finishTombstone, unfinishedTombstones } from './tombstones.ts';

type Db = Kysely<Database>;

const LEASE = 'retention_purge';
const LEASE_MS = 30 * 60_000;
/** Browsers whose activity one query reads. */
const BROWSERS_PER_STEP = 50;
const BROWSERS_EXAMINED_PER_RUN = 5000;
const ERASED_PER_RUN = 500;
const TOMBSTONES_PER_STATEMENT = 50;

export interface PurgeRun {
  erased: string[];
  /** Where the next run goes on from ('' once the walk reached the last browser). */
  cursor: string;
}

/** Answers the browsers erased and where to go on, or null when another instance holds the purge. */
export async function purgeIdleStudents(
  db: Db, data: StudentData, cutoff: Date, at: Date, cursor = '',
): Promise<PurgeRun | null> {
  if (!(await takeLease(db, at))) return null;
  try {
    for (const { uid, mark } of await unfinishedTombstones(db, ERASED_PER_RUN)) {
      await data.eraseRows(db, uid, mark);
      await finishTombstone(db, uid, mark, at);
    }
    while (await expireTombstones(db, data, cutoff, TOMBSTONES_PER_STATEMENT) === TOMBSTONES_PER_STATEMENT) await yieldToLoop();
    await sweepUnowned(db, cutoff);
    await purgeExpiredWrites(db, at);
    return await walk(db, data, cutoff, at, cursor);
  } finally {
    await db.updateTable('maintenance_leases').set({ held_until: new Date(0) }).where('name', '=', LEASE).execute();
  }
}

async function walk(db: Db, data: StudentData, cutoff: Date, at: Date, cursor: string): Promise<PurgeRun> {
  const erased: string[] = [];
  let examined = 0;
  let next = cursor;
  while (examined < BROWSERS_EXAMINED_PER_RUN && erased.length < ERASED_PER_RUN) {
    const uids = await browsersAfter(db, data, next, BROWSERS_PER_STEP);
    examined += uids.length;
    for (const uid of await idleAmong(db, data, uids, cutoff)) {
      await eraseStudentData(db, data, uid, at);
      erased.push(uid);
    }
    await yieldToLoop();
    if (uids.length < BROWSERS_PER_STEP) return { erased, cursor: '' };
    next = uids.at(-1) ?? '';
  }
  return { erased, cursor: next };
}

async function takeLease(db: Db, now: Date): Promise<boolean> {
  const until = new Date(now.getTime() + LEASE_MS);
  const row = await db.insertInto('maintenance_leases').values({ name: LEASE, held_until: until })
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ held_until: until }).where('maintenance_leases.held_until', '<', now))
    .returning('name').executeTakeFirst();
  return row !== undefined;
}

/**
 * The first `limit` uids after `after` that hold rows erasing would touch, in order: where the stages say a
 * browser's erasable rows are found, each column with an index that leads with it. Their filters leave out the
 * rows erasing keeps (a used code without e-mail, a credited referral, an account in debt), or a browser
 * holding only those would be erased again on every walk.
 */
async function browsersAfter(db: Db, data: StudentData, after: string, limit: number): Promise<string[]> {
  const found = new Set<string>();
  for (const { table, column, filter, prefix = '' } of data.browsers) {
    for (const value of await distinctAfter(db, { table, column, filter }, `${prefix}${after}`, limit)) {
      if (value.startsWith(prefix)) found.add(value.slice(prefix.length));
    }
    await yieldToLoop(); // PGlite answers in this thread: statements chained without a turn hold it as one
  }
  if (found.size === 0) return [];
  // Ordered by the database, whose collation the next walk's `>` uses.
  const { rows } = await sql<{ uid: string }>`
    select uid from (values ${sql.join([...found].map((uid) => sql`(${uid})`))}) as found(uid) order by uid limit ${limit}`.execute(db);
  return rows.map((row) => row.uid);
}

/** Up to `limit` distinct values of an indexed column after `after`: one index probe each (a loose index scan). */
async function distinctAfter(
  db: Db, source: { table: string; column: string; filter?: string }, after: string, limit: number,
): Promise<string[]> {
  const t = sql.table(source.table);
  const c = sql.ref(source.column);
  // A constant of this module, never input.
  const filter = sql.raw(source.filter ?? 'true');
  const { rows } = await sql<{ value: string }>`
    with recursive walk(value, n) as (
      (select ${c}, 1 from ${t} where ${c} > ${after} and ${filter} order by ${c} limit 1)
      union all
      select (select ${c} from ${t} where ${c} > walk.value and ${filter} order by ${c} limit 1), n + 1
      from walk where walk.value is not null and n < ${limit}
    )
    select value from walk where value is not null`.execute(db);
  return rows.map((row) => row.value);
}

/** Among `uids`, those whose every row anywhere is older than `cutoff` (the newest time each stage's tables tell). */
async function idleAmong(db: Db, data: StudentData, uids: string[], cutoff: Date): Promise<string[]> {
  if (uids.length === 0) return [];
  const { rows } = await sql<{ uid: string }>`
    select u.uid from (values ${sql.join(uids.map((uid) => sql`(${uid})`))}) as u(uid)
    where coalesce(greatest(${sql.join(data.lastActivity)}), cast('-infinity' as timestamptz)) < ${cutoff}`.execute(db);
  return rows.map((row) => row.uid);
}

/** What no browser owns any more once it is older than the retention period. */
async function sweepUnowned(db: Db, cutoff: Date): Promise<void> {
  const limit = ERASE_BATCH.rows;
  const repeat = async (run: () => Promise<bigint>) => {
    while (await run() >= BigInt(limit)) await yieldToLoop();
  };
  await repeat(async () => (await db.deleteFrom('feedback').where('id', 'in', (eb) => eb.selectFrom('feedback').select('id')
    .where('uid', 'is', null).where('created_at', '<', cutoff).limit(limit)).executeTakeFirstOrThrow()).numDeletedRows);
  await repeat(async () => (await db.deleteFrom('discount_codes').where('code', 'in', (eb) => eb.selectFrom('discount_codes').select('code')
    .where('used_at', 'is', null).where('expires_at', '<', cutoff).limit(limit)).executeTakeFirstOrThrow()).numDeletedRows);
}
