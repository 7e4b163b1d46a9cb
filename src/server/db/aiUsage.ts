// Daily AI usage counters: one upsert that counts a call and answers the day's total so far, atomic on both
// PGlite and PostgreSQL, so concurrent calls from many instances never both slip under a cap; and the counts
// of one call through several caps in turn, in one statement.
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

export interface CountStep {
  key: string;
  /** The most this key may count today: past it, the keys after it are not counted. */
  max: number;
}

/**
 * Counts one call against each key in turn, each only while the one before stayed within its `max`, in one
 * statement (each step an upsert of its own in a WITH, reading the count the step before returned): the
 * counts answered, null for a key not counted. One statement instead of one per key: on PGlite every
 * statement is the event loop's work, and every AI call passes here.
 */
export async function countInTurn(db: Kysely<Database>, day: string, steps: readonly CountStep[]): Promise<Array<number | null>> {
  const step = (index: number) => sql.ref(`step${index}`);
  const counted = steps.map(({ key }, index) => {
    const previous = steps[index - 1];
    const within = previous === undefined ? sql`true` : sql`(select count from ${step(index - 1)}) <= ${previous.max}`;
    return sql`${step(index)} as (insert into ai_usage (day, key, count) select cast(${day} as date), ${key}, 1 where ${within}
      on conflict (day, key) do update set count = ai_usage.count + 1 returning count)`;
  });
  const answers = steps.map((_step, index) => sql`(select count from ${step(index)}) as ${step(index)}`);
  const { rows } = await sql<Record<string, number | null>>`with ${sql.join(counted)} select ${sql.join(answers)}`.execute(db);
  return steps.map((_step, index) => {
    const count = rows[0]?.[`step${index}`];
    return count === null || count === undefined ? null : Number(count);
  });
}
