// Pairings are kept no longer than their 10 minutes: the hourly run deletes the expired ones (a request
// meanwhile already finds them expired), a few hundred rows per statement.
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { deleteExpiredPairings } from './pairings.ts';

const ROWS_PER_STATEMENT = 500;

/** Deletes the pairings expired as of `now`; answers how many. */
export async function deleteExpiredPairingsNow(db: Kysely<Database>, now: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const gone = await deleteExpiredPairings(db, now, ROWS_PER_STATEMENT);
    total += gone;
    if (gone < ROWS_PER_STATEMENT) return total;
    await yieldToLoop();
  }
}
