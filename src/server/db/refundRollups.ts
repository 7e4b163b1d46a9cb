// A refunded or disputed purchase in the dashboard's rollups: the purchase row is marked, and the refund day's
// `refunds` and `refunded_cents` grow, so revenue reads net of refunds without scanning anything.
import { type Kysely, sql } from 'kysely';
import { utcDay } from './events.ts';
import type { Database } from './schema.ts';

/** Once per transaction id; a purchase the rollups never saw changes nothing. */
export async function recordRefundInRollups(db: Kysely<Database>, transactionId: string, at: Date): Promise<void> {
  const row = await db.updateTable('purchases').set({ refunded_at: at })
    .where('transaction_id', '=', transactionId).where('refunded_at', 'is', null)
    .returning('value_cents').executeTakeFirst();
  if (!row) return;
  const day = utcDay(at);
  await db.insertInto('event_daily')
    .values([{ day, metric: 'refunds', value: 1 }, { day, metric: 'refunded_cents', value: row.value_cents }])
    .onConflict((conflict) => conflict.columns(['day', 'metric']).doUpdateSet({ value: sql<number>`event_daily.value + excluded.value` }))
    .execute();
}
