// A student's data, erasable and exportable without holding the database: tombstones (a durable record that a
// browser's data was erased, and from which essay-versions revision on), one lease row per maintenance job so
// one instance at a time runs it without pinning a connection, a creation time on referral accounts (every
// browser's rows now tell when it was last active), and indexes that make every per-browser read or delete a
// short indexed query.
export const name = '007_student_data';

export const sql = `
create table tombstones (
  uid text primary key,
  erased_at timestamptz not null,
  versions_revision integer not null,
  finished_at timestamptz
);
create index tombstones_erased_at on tombstones (erased_at);
create index tombstones_unfinished on tombstones (erased_at) where finished_at is null;

create table maintenance_leases (
  name text primary key,
  held_until timestamptz not null
);

alter table referral_accounts add column created_at timestamptz not null default now();

create index events_uid_id on events (uid, id);
create index feedback_uid_id on feedback (uid, id);
create index daily_visitors_uid_day on daily_visitors (uid, day);
create index funnel_users_uid on funnel_users (uid);
create index ai_usage_key_day on ai_usage (key, day);
create index referrals_referrer on referrals (referrer_uid);
create index discount_codes_used_by on discount_codes (used_by);
create index discount_codes_reserved_by on discount_codes (reserved_by) where reserved_by is not null;
create index checkout_sessions_completed_by on checkout_sessions (completed_by);
create index local_checkout_sessions_reference on local_checkout_sessions (client_reference_id);
`;
