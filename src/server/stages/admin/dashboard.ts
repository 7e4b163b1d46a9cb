// The operator's dashboard figures, read from the rollups (event_daily, purchases) and the feedback table:
// each query touches at most a few thousand rows however many events are stored.
import { type Kysely, sql } from 'kysely';
import { FUNNEL_STEPS } from '../../../common/analytics/analyticsEvents.ts';
import type { Database, FeedbackTable } from '../../db/schema.ts';

type Db = Kysely<Database>;

/** Usage counters the dashboard shows: the discount and referral events. */
export const USAGE_METRICS = [
  'discount_popup_shown', 'discount_code_requested', 'discount_code_used',
  'referral_shared', 'referral_converted', 'credits_applied',
] as const;

async function metricTotals(db: Db, metrics: readonly string[]): Promise<Map<string, number>> {
  const rows = await db.selectFrom('event_daily')
    .select(['metric', (eb) => eb.fn.sum<number>('value').as('total')])
    .where('metric', 'in', metrics)
    .groupBy('metric')
    .execute();
  return new Map(rows.map((row) => [row.metric, Number(row.total)]));
}

export async function funnel(db: Db) {
  const totals = await metricTotals(db, FUNNEL_STEPS.map(({ step }) => `funnel:${step}`));
  let previous: number | null = null;
  return FUNNEL_STEPS.map(({ step, label }) => {
    const users = totals.get(`funnel:${step}`) ?? 0;
    const conversion: number | null = previous === null ? null : previous === 0 ? 0 : users / previous;
    previous = users;
    return { step, label, users, conversion };
  });
}

/** One row per UTC day of the `days` days ending `today`, zeros where nothing happened. */
export async function trends(db: Db, today: Date, days = 30) {
  const from = new Date(today.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  const rows = await db.selectFrom('event_daily')
    .select([sql<string>`day::text`.as('day'), 'metric', 'value'])
    .where('day', '>=', from)
    .where('metric', 'in', ['visitors', 'events', 'purchases', 'revenue_cents', 'refunded_cents'])
    .execute();
  const byDay = new Map<string, Record<string, number>>();
  for (const row of rows) byDay.set(row.day, { ...byDay.get(row.day), [row.metric]: Number(row.value) });
  return Array.from({ length: days }, (_, index) => {
    const day = new Date(Date.parse(from) + index * 86_400_000).toISOString().slice(0, 10);
    const values = byDay.get(day) ?? {};
    return {
      day,
      visitors: values.visitors ?? 0,
      events: values.events ?? 0,
      purchases: values.purchases ?? 0,
      // Net: a refund counts against the day it happened.
      revenue: ((values.revenue_cents ?? 0) - (values.refunded_cents ?? 0)) / 100,
    };
  });
}

/** Revenue net of refunds and disputes; the average is over the purchases that were kept. */
export async function revenue(db: Db) {
  const totals = await metricTotals(db, ['purchases', 'revenue_cents', 'purchases_discounted', 'refunds', 'refunded_cents']);
  const purchases = totals.get('purchases') ?? 0;
  const refunds = totals.get('refunds') ?? 0;
  const kept = purchases - refunds;
  const revenueDollars = ((totals.get('revenue_cents') ?? 0) - (totals.get('refunded_cents') ?? 0)) / 100;
  return {
    purchases,
    revenue: revenueDollars,
    averagePrice: kept <= 0 ? null : Math.round((revenueDollars / kept) * 100) / 100,
    discounted: totals.get('purchases_discounted') ?? 0,
    currency: 'USD' as const,
    refunds,
  };
}

export async function usage(db: Db) {
  const totals = await metricTotals(db, USAGE_METRICS);
  return USAGE_METRICS.map((name) => ({ name, count: totals.get(name) ?? 0 }));
}

export type FeedbackFilter = { type?: FeedbackTable['type']; rating?: number; limit: number };

export async function listFeedback(db: Db, filter: FeedbackFilter) {
  let query = db.selectFrom('feedback')
    .select(['id', 'type', 'rating', 'message', 'email', 'page', 'url', 'created_at'])
    .orderBy('created_at', 'desc').orderBy('id', 'desc')
    .limit(filter.limit);
  if (filter.type !== undefined) query = query.where('type', '=', filter.type);
  if (filter.rating !== undefined) query = query.where('rating', '=', filter.rating);
  const rows = await query.execute();
  return rows.map(({ created_at: createdAt, ...row }) => ({ ...row, createdAt: createdAt.toISOString() }));
}

/** A purchase by transaction id, or a browser's purchases and plan by its uid. */
export async function lookUpSupport(db: Db, q: string) {
  const purchases = await db.selectFrom('purchases').selectAll()
    .where((eb) => eb.or([eb('transaction_id', '=', q), eb('uid', '=', q)]))
    .orderBy('at', 'desc').limit(50).execute();
  const uid = purchases[0]?.uid ?? q;
  const plan = await db.selectFrom('entitlements').select('plan').where('uid', '=', uid).executeTakeFirst();
  const known = plan !== undefined || purchases.length > 0
    || (await db.selectFrom('funnel_users').select('uid').where('step', '=', 'visitors').where('uid', '=', uid).executeTakeFirst()) !== undefined;
  return {
    uid: known ? uid : null,
    plan: known ? plan?.plan ?? 'free' : null,
    purchases: purchases.map((row) => ({
      transactionId: row.transaction_id, uid: row.uid, value: row.value_cents / 100,
      discountApplied: row.discount_applied, at: row.at.toISOString(),
    })),
  };
}
