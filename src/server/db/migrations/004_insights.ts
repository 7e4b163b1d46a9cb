// Feedback submissions, the first-party analytics events, and the rollups the operator's dashboard reads, so
// no dashboard call scans the events table: daily counts per metric, each visitor's first arrival at each
// funnel step, each visitor's active days, and purchases (one row per transaction, whoever reported it).
export const name = '004_insights';

export const sql = `
create table feedback (
  id integer generated always as identity primary key,
  uid text,
  type text not null check (type in ('bug', 'feature', 'praise', 'general')),
  rating smallint not null check (rating between 0 and 5),
  message text not null,
  email text,
  page text not null,
  url text not null,
  user_agent text not null,
  created_at timestamptz not null default now()
);
create index feedback_created on feedback (created_at desc, id desc);
create index feedback_type_rating_created on feedback (type, rating, created_at desc);

create table events (
  id bigint generated always as identity primary key,
  uid text not null,
  name text not null,
  params jsonb not null,
  occurred_at timestamptz not null,
  received_at timestamptz not null default now()
);
create index events_received on events (received_at);
create index events_uid on events (uid);

create table event_daily (
  day date not null,
  metric text not null,
  value bigint not null default 0,
  primary key (day, metric)
);

create table funnel_users (
  step text not null,
  uid text not null,
  first_at timestamptz not null,
  primary key (step, uid)
);

create table daily_visitors (
  day date not null,
  uid text not null,
  primary key (day, uid)
);

create table purchases (
  transaction_id text primary key,
  uid text not null,
  value_cents integer not null,
  discount_applied boolean not null,
  at timestamptz not null
);
create index purchases_uid on purchases (uid);
create index purchases_at on purchases (at);
`;
