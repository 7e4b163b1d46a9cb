// Rebuilds every rollup from the events table in a few set-based statements: for an operator repairing the
// rollups after restoring events, and for the bench, which loads a million events with one INSERT … SELECT.
import { type Kysely, sql } from 'kysely';
import { FUNNEL_RULES } from './events.ts';
import type { Database } from './schema.ts';

// The funnel rule of events.ts as SQL (its names and numbers are constants of this file's module graph).
const FUNNEL_STEP_SQL = `case ${FUNNEL_RULES.map(({ step, event, stepNumber }) =>
  `when name = '${event}'${stepNumber === undefined ? '' : ` and (params->>'step_number')::int = ${stepNumber}`} then '${step}'`).join(' ')} end`;
const DAY = `(received_at at time zone 'UTC')::date`;

const STATEMENTS = [
  'delete from event_daily',
  'delete from funnel_users',
  'delete from daily_visitors',
  'delete from purchases',
  `insert into event_daily (day, metric, value) select ${DAY}, name, count(*) from events group by 1, 2`,
  `insert into event_daily (day, metric, value) select ${DAY}, 'events', count(*) from events group by 1`,
  `insert into daily_visitors (day, uid) select distinct ${DAY}, uid from events`,
  `insert into event_daily (day, metric, value) select day, 'visitors', count(*) from daily_visitors group by day`,
  `insert into funnel_users (step, uid, first_at)
     select 'visitors', uid, min(received_at) from events group by uid
     union all
     select step, uid, min(received_at) from (select uid, received_at, ${FUNNEL_STEP_SQL} as step from events) stepped
       where step is not null group by step, uid`,
  `insert into event_daily (day, metric, value)
     select (first_at at time zone 'UTC')::date, 'funnel:' || step, count(*) from funnel_users group by 1, 2`,
  `insert into purchases (transaction_id, uid, value_cents, discount_applied, at)
     select distinct on (params->>'transaction_id') params->>'transaction_id', uid,
       round((params->>'value')::numeric * 100)::int, (params->>'discount_applied')::boolean, received_at
     from events where name = 'purchase' order by params->>'transaction_id', received_at`,
  `insert into event_daily (day, metric, value)
     select (at at time zone 'UTC')::date, metric, sum(value) from purchases
     cross join lateral (values ('purchases', 1), ('revenue_cents', value_cents),
       ('purchases_discounted', case when discount_applied then 1 else 0 end)) as m(metric, value)
     group by 1, 2`,
  // Refunds and disputes are not events: the checkout rows remember them (and when).
  `update purchases p set refunded_at = c.refunded_at from checkout_sessions c
     where c.refund_reason = 'provider' and coalesce(c.provider_session_id, c.id) = p.transaction_id`,
  `insert into event_daily (day, metric, value)
     select (refunded_at at time zone 'UTC')::date, metric, sum(value) from purchases
     cross join lateral (values ('refunds', 1), ('refunded_cents', value_cents)) as m(metric, value)
     where refunded_at is not null group by 1, 2`,
];

export async function rebuildRollups(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const statement of STATEMENTS) await sql.raw(statement).execute(trx);
  });
}
