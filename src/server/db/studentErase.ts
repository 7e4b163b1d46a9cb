// "Delete my data" and the retention purge: the tombstone first (tombstones.ts), then the browser's rows in
// batches, each a short statement (well under 50 ms on PGlite, whose one session every request shares), so
// no erasure holds the event loop or the database however much the browser stored. What goes and what stays
// follows STUDENT_DATA_POLICY (studentData.ts). A deletion removes this browser's rows and this browser's
// identifiers from rows it shares; it never deletes another browser's row.
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';
import { supplementalKey } from './studentData.ts';
import { finishTombstone, writeTombstone } from './tombstones.ts';

type Db = Kysely<Database>;

/** Rows per statement: a version can hold 20,000 characters (stored out of line); the other rows are small. */
export const ERASE_BATCH = { versions: 20, rows: 200 } as const;

/**
 * Runs a statement that touches at most `limit` rows until it touches fewer, letting the event loop turn
 * after each: PGlite answers in the same thread, so statements chained without a turn would hold it as one.
 */
async function inBatches(limit: number, run: (limit: number) => Promise<{ rows: bigint }>): Promise<void> {
  for (;;) {
    const { rows } = await run(limit);
    await yieldToLoop();
    if (rows < BigInt(limit)) return;
  }
}

const deleted = (result: { numDeletedRows: bigint }) => ({ rows: result.numDeletedRows });
const updated = (result: { numUpdatedRows: bigint }) => ({ rows: result.numUpdatedRows });

/** Erases the uid's data: its tombstone now, then its rows batch by batch. */
export async function eraseStudentData(db: Db, uid: string, at: Date): Promise<void> {
  const mark = await writeTombstone(db, uid, at);
  await eraseRows(db, uid, mark);
  await finishTombstone(db, uid, mark, at);
}

/** Erases what an erasure with this versions mark leaves (again, harmlessly, when it was done already). */
export async function eraseRows(db: Db, uid: string, mark: number): Promise<void> {
  // Only the versions stored before the tombstone: ones a device stores after it are the student's new work.
  await inBatches(ERASE_BATCH.versions, async (limit) => deleted(await db.deleteFrom('essay_versions')
    .where('uid', '=', uid).where('id', 'in', (eb) => eb.selectFrom('essay_versions').select('id')
      .where('uid', '=', uid).where('revision', '<', mark).limit(limit))
    .executeTakeFirstOrThrow()));
  for (const table of ['events', 'feedback'] as const) {
    await inBatches(ERASE_BATCH.rows, async (limit) => deleted(await db.deleteFrom(table)
      .where('id', 'in', (eb) => eb.selectFrom(table).select('id').where('uid', '=', uid).limit(limit))
      .executeTakeFirstOrThrow()));
  }
  await inBatches(ERASE_BATCH.rows, async (limit) => deleted(await db.deleteFrom('daily_visitors')
    .where('uid', '=', uid).where('day', 'in', (eb) => eb.selectFrom('daily_visitors').select('day').where('uid', '=', uid).limit(limit))
    .executeTakeFirstOrThrow()));
  await inBatches(ERASE_BATCH.rows, async (limit) => deleted(await db.deleteFrom('funnel_users')
    .where('uid', '=', uid).where('step', 'in', (eb) => eb.selectFrom('funnel_users').select('step').where('uid', '=', uid).limit(limit))
    .executeTakeFirstOrThrow()));
  const key = supplementalKey(uid);
  await inBatches(ERASE_BATCH.rows, async (limit) => deleted(await db.deleteFrom('ai_usage')
    .where('key', '=', key).where('day', 'in', (eb) => eb.selectFrom('ai_usage').select('day').where('key', '=', key).limit(limit))
    .executeTakeFirstOrThrow()));
  await erasePayments(db, uid);
}

/** Codes, referrals and the referral account: what is not a money record goes, and every e-mail address. */
async function erasePayments(db: Db, uid: string): Promise<void> {
  await inBatches(ERASE_BATCH.rows, async (limit) => deleted(await db.deleteFrom('discount_codes')
    .where('code', 'in', (eb) => eb.selectFrom('discount_codes').select('code').where('uid', '=', uid).where('used_at', 'is', null).limit(limit))
    .executeTakeFirstOrThrow()));
  await inBatches(ERASE_BATCH.rows, async (limit) => updated(await db.updateTable('discount_codes').set({ email: '' })
    .where('code', 'in', (eb) => eb.selectFrom('discount_codes').select('code')
      .where((or) => or.or([or('uid', '=', uid), or('used_by', '=', uid)])).where('email', '<>', '').limit(limit))
    .executeTakeFirstOrThrow()));
  await db.deleteFrom('referral_accounts').where('uid', '=', uid).where('owed_cents', '=', 0).execute();
  // This browser as the referred one: its own row.
  await db.deleteFrom('referrals').where('referee_uid', '=', uid).where('converted_at', 'is', null).execute();
  await db.updateTable('referrals').set({ referee_email: '' }).where('referee_uid', '=', uid).execute();
  // This browser as the referrer: the referred browsers' rows stay theirs, without this uid; a referral
  // that earned this browser a credit is a money record and keeps it.
  await inBatches(ERASE_BATCH.rows, async (limit) => updated(await db.updateTable('referrals').set({ referrer_uid: '' })
    .where('referee_uid', 'in', (eb) => eb.selectFrom('referrals').select('referee_uid')
      .where('referrer_uid', '=', uid).where('converted_at', 'is', null).limit(limit))
    .executeTakeFirstOrThrow()));
}
