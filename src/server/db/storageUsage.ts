// The daily storage counters: one conditional upsert per key adds a request's bytes and rows only while the
// day's total stays within the key's figure, so concurrent requests on any instance never both slip past it.
// A request counts against several keys (its browser, its network) in one transaction: all of them, or none.
import { type Kysely, sql } from 'kysely';
import type { StoredAmount } from '../limits/budgets.ts';
import type { Database } from './schema.ts';

export interface DailyKey {
  key: string;
  limit: StoredAmount;
}

class Refused extends Error {
  constructor(readonly index: number) {
    super('over the daily storage budget');
  }
}

const fits = (amount: StoredAmount, limit: StoredAmount): boolean => amount.bytes <= limit.bytes && amount.rows <= limit.rows;

/** Adds `amount` to every key's count for `day`; answers the index of the first key it would take past its figure (nothing is added then), or null. */
export async function spendDaily(db: Kysely<Database>, day: string, keys: readonly DailyKey[], amount: StoredAmount): Promise<number | null> {
  const tooLarge = keys.findIndex(({ limit }) => !fits(amount, limit));
  if (tooLarge >= 0) return tooLarge;
  try {
    await db.transaction().execute(async (trx) => {
      for (const [index, { key, limit }] of keys.entries()) {
        const added = await trx.insertInto('storage_usage')
          .values({ day, key, added_bytes: amount.bytes, added_rows: amount.rows })
          .onConflict((conflict) => conflict.columns(['day', 'key'])
            .doUpdateSet({
              added_bytes: sql<number>`storage_usage.added_bytes + excluded.added_bytes`,
              added_rows: sql<number>`storage_usage.added_rows + excluded.added_rows`,
            })
            // bigint: a network's figure grows with STUDENTS_PER_NETWORK past what an integer holds.
            .where(sql<boolean>`storage_usage.added_bytes + excluded.added_bytes <= cast(${limit.bytes} as bigint)`)
            .where(sql<boolean>`storage_usage.added_rows + excluded.added_rows <= cast(${limit.rows} as bigint)`))
          .returning('key')
          .executeTakeFirst();
        if (added === undefined) throw new Refused(index);
      }
    });
    return null;
  } catch (error) {
    if (error instanceof Refused) return error.index;
    throw error;
  }
}

/** What `key` has added on `day` (for tests and the operator). */
export async function readDaily(db: Kysely<Database>, day: string, key: string): Promise<StoredAmount> {
  const row = await db.selectFrom('storage_usage').select(['added_bytes', 'added_rows'])
    .where('day', '=', day).where('key', '=', key).executeTakeFirst();
  return { bytes: Number(row?.added_bytes ?? 0), rows: row?.added_rows ?? 0 };
}

/** Forgets the counts of days before `day`: only today's decide anything. */
export async function forgetDaysBefore(db: Kysely<Database>, day: string): Promise<void> {
  await db.deleteFrom('storage_usage').where('day', '<', day).execute();
}
