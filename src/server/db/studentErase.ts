// "Delete my data" and the retention purge: the tombstone first (tombstones.ts), then the browser's rows in
// batches, each a short statement (well under 50 ms on PGlite, whose one session every request shares), so
// no erasure holds the event loop or the database however much the browser stored. What goes and what stays
// is each stage's (its data.ts, gathered by studentData.ts). A deletion removes this browser's rows and this browser's
// identifiers from rows it shares; it never deletes another browser's row.
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';
import type { StudentData } from './studentData.ts';
import { finishTombstone, writeTombstone } from './tombstones.ts';

type Db = Kysely<Database>;

/** Rows per statement: a version can hold 20,000 characters (stored out of line); the other rows are small. */
export const ERASE_BATCH = { versions: 20, rows: 200 } as const;

/**
 * Runs a statement that touches at most `limit` rows until it touches fewer, letting the event loop turn
 * after each: PGlite answers in the same thread, so statements chained without a turn would hold it as one.
 */
export async function inBatches(limit: number, run: (limit: number) => Promise<{ rows: bigint }>): Promise<void> {
  for (;;) {
    const { rows } = await run(limit);
    await yieldToLoop();
    if (rows < BigInt(limit)) return;
  }
}

export const deleted = (result: { numDeletedRows: bigint }) => ({ rows: result.numDeletedRows });
export const updated = (result: { numUpdatedRows: bigint }) => ({ rows: result.numUpdatedRows });

/** Erases the uid's data: its tombstone now, then each stage's rows batch by batch. */
export async function eraseStudentData(db: Db, data: StudentData, uid: string, at: Date): Promise<void> {
  const mark = await writeTombstone(db, data, uid, at);
  await data.eraseRows(db, uid, mark);
  await finishTombstone(db, uid, mark, at);
}
