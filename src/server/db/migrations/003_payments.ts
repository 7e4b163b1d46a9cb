// Payments: checkout sessions bound to the browser that started them, the local test checkout's
// own sessions, launch codes, referral accounts and referrals, and the Stripe events already handled.
// credits_cents >= 0 is the last line of defence: no path may drive a balance below zero.
export const name = '003_payments';

export const sql = `
create table checkout_sessions (
  id text primary key,
  provider text not null check (provider in ('local', 'stripe', 'credits')),
  provider_session_id text unique,
  uid text not null,
  amount_cents integer not null check (amount_cents >= 0),
  discount_code text,
  credits_cents integer not null default 0 check (credits_cents >= 0),
  status text not null check (status in ('pending', 'open', 'paid', 'expired', 'canceled', 'refunded')),
  url text,
  payment_intent text,
  completed_by text,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  paid_at timestamptz
);
create index checkout_sessions_uid_status on checkout_sessions (uid, status);
create index checkout_sessions_payment_intent on checkout_sessions (payment_intent);

create table local_checkout_sessions (
  id text primary key,
  amount_cents integer not null check (amount_cents > 0),
  currency text not null,
  description text not null,
  client_reference_id text not null,
  success_url text not null,
  cancel_url text not null,
  status text not null check (status in ('open', 'complete', 'expired')),
  payment_status text not null check (payment_status in ('unpaid', 'paid')),
  payment_intent text,
  idempotency_key text unique,
  expires_at timestamptz not null
);

create table discount_codes (
  code text primary key,
  email text not null,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  used_by text
);
create index discount_codes_email on discount_codes (email);

create table referral_accounts (
  uid text primary key,
  code text not null unique,
  credits_cents integer not null default 0 check (credits_cents >= 0)
);

create table referrals (
  referee_uid text primary key,
  referrer_uid text not null,
  referee_email text not null,
  created_at timestamptz not null,
  converted_at timestamptz,
  checkout_id text
);

create table stripe_events (
  id text primary key,
  type text not null,
  payment_intent text,
  received_at timestamptz not null
);
create index stripe_events_payment_intent on stripe_events (payment_intent);
`;
