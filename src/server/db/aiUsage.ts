// Daily AI usage counters: one upsert that counts a call and answers the day's total so far, atomic on both
// PGlite and PostgreSQL, so concurrent calls from many instances never both slip under a cap.
import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.ts';

/** The UTC day of `at` as the `date` column stores it. */
export const usageDay = (at: Date): string => at.toISOString().slice(0, 10);

export async function countUsage(db: Kysely<Database>, day: string, key: string): Promise<number> {
  const row = await db
    .insertInto('ai_usage')
    .values({ day, key, count: 1 })
    .onConflict((conflict) => conflict.columns(['day', 'key']).doUpdateSet({ count: sql<number>`ai_usage.count + 1` }))
    .returning('count')
    .executeTakeFirstOrThrow();
  return row.count;
}

/** Gives back a call counted but not made (refused by a later check), so it does not use up a quota. */
export async function uncountUsage(db: Kysely<Database>, day: string, key: string): Promise<void> {
  await db.updateTable('ai_usage').set({ count: sql<number>`greatest(count - 1, 0)` })
    .where('day', '=', day).where('key', '=', key).execute();
}
