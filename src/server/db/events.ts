// Stores a batch of one browser's analytics events and keeps the dashboard's rollups current in the same
// transaction, so the dashboard reads small tables and never scans events. Days are UTC days of arrival.
import { type Kysely, sql } from 'kysely';
import type { AnalyticsEvent } from '../../common/analytics/analyticsEvents.ts';
import type { Database } from './schema.ts';

type Db = Kysely<Database>;

/**
 * The event that puts a visitor on each funnel step after 'visitors' (the questionnaire counts at its fifth
 * step). The one statement of the rule: funnelStepOf reads it for each batch, and rollups.ts turns it into SQL
 * for a rebuild.
 */
export const FUNNEL_RULES: ReadonlyArray<{ step: string; event: AnalyticsEvent['name']; stepNumber?: number }> = [
  { step: 'form_completed', event: 'form_step_completed', stepNumber: 5 },
  { step: 'topics', event: 'topics_generated' },
  { step: 'followup', event: 'followup_questions_generated' },
  { step: 'essay', event: 'essay_generated' },
  { step: 'purchase', event: 'purchase' },
];

/** Which funnel step an event puts its visitor on, if any. */
export function funnelStepOf(event: AnalyticsEvent): string | null {
  const stepNumber = event.name === 'form_step_completed' ? event.params.step_number : undefined;
  const rule = FUNNEL_RULES.find((candidate) => candidate.event === event.name
    && (candidate.stepNumber === undefined || candidate.stepNumber === stepNumber));
  return rule?.step ?? null;
}

export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

async function addToMetrics(db: Db, day: string, counts: Map<string, number>): Promise<void> {
  const values = [...counts].filter(([, value]) => value !== 0).map(([metric, value]) => ({ day, metric, value }));
  if (values.length === 0) return;
  await db.insertInto('event_daily').values(values)
    .onConflict((conflict) => conflict.columns(['day', 'metric']).doUpdateSet({
      value: sql<number>`event_daily.value + excluded.value`,
    }))
    .execute();
}

const bump = (counts: Map<string, number>, metric: string, by = 1) => counts.set(metric, (counts.get(metric) ?? 0) + by);

async function recordPurchases(db: Db, uid: string, events: readonly AnalyticsEvent[], at: Date, counts: Map<string, number>) {
  for (const event of events) {
    if (event.name !== 'purchase') continue;
    const valueCents = Math.round(event.params.value * 100);
    // One row per transaction: the thank-you page and the payment webhook may both report the same one.
    const inserted = await db.insertInto('purchases')
      .values({ transaction_id: event.params.transaction_id, uid, value_cents: valueCents, discount_applied: event.params.discount_applied, at })
      .onConflict((conflict) => conflict.column('transaction_id').doNothing())
      .returning('transaction_id')
      .executeTakeFirst();
    if (!inserted) continue;
    bump(counts, 'purchases');
    bump(counts, 'revenue_cents', valueCents);
    if (event.params.discount_applied) bump(counts, 'purchases_discounted');
  }
}

/** Stores `events` for `uid` as received at `at` and updates every rollup. */
export async function recordEvents(db: Db, uid: string, events: readonly AnalyticsEvent[], at: Date): Promise<void> {
  if (events.length === 0) return;
  const day = utcDay(at);
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('events').values(events.map((event) => ({
      uid, name: event.name, params: JSON.stringify(event.params), occurred_at: new Date(event.timestamp), received_at: at,
    }))).execute();

    const counts = new Map<string, number>([['events', events.length]]);
    for (const event of events) bump(counts, event.name);

    const newVisitorToday = await trx.insertInto('daily_visitors').values({ day, uid })
      .onConflict((conflict) => conflict.columns(['day', 'uid']).doNothing())
      .returning('uid').executeTakeFirst();
    if (newVisitorToday) bump(counts, 'visitors');

    const steps = new Set(['visitors', ...events.map(funnelStepOf).filter((step): step is string => step !== null)]);
    const reached = await trx.insertInto('funnel_users')
      .values([...steps].map((step) => ({ step, uid, first_at: at })))
      .onConflict((conflict) => conflict.columns(['step', 'uid']).doNothing())
      .returning('step').execute();
    for (const { step } of reached) bump(counts, `funnel:${step}`);

    await recordPurchases(trx, uid, events, at, counts);
    await addToMetrics(trx, day, counts);
  });
}
