// Money integrity: a launch code belongs to the browser that asked for it and is held by at most one open
// checkout; a browser has at most one payable checkout; payments that must not stand (the browser already had
// the plan, or the code was already used) are refunded and remembered; a refunded purchase takes its referral
// reward back (what the referrer already spent is owed), and the dashboard can count revenue net of refunds.
export const name = '005_money_integrity';

export const sql = `
alter table discount_codes add column uid text;
alter table discount_codes add column reserved_by text;
create index discount_codes_uid_email on discount_codes (uid, email);

alter table checkout_sessions add column closed_reason text;
alter table checkout_sessions add column refund_reason text;
alter table checkout_sessions add column refunded_at timestamptz;
alter table checkout_sessions add column refund_id text;
-- Before one payable checkout per browser can be enforced, older open duplicates close and return their credits.
with ranked as (
  select id, row_number() over (partition by uid order by created_at desc, id desc) as n
  from checkout_sessions where status in ('pending', 'open')
), closed as (
  update checkout_sessions c set status = 'canceled', closed_reason = 'replaced'
  from ranked r where c.id = r.id and r.n > 1
  returning c.uid, c.credits_cents
)
update referral_accounts a set credits_cents = a.credits_cents + s.total
from (select uid, sum(credits_cents) as total from closed group by uid) s where a.uid = s.uid;
create unique index checkout_sessions_one_payable on checkout_sessions (uid) where status in ('pending', 'open');
create index checkout_sessions_open_expiry on checkout_sessions (expires_at) where status in ('pending', 'open');
create index checkout_sessions_refund_due on checkout_sessions (refunded_at) where refund_reason is not null and refund_id is null;

alter table local_checkout_sessions add column price_note text;

alter table referral_accounts add column owed_cents integer not null default 0 check (owed_cents >= 0);
alter table referrals add column reward_cents integer;
alter table referrals add column reversed_at timestamptz;

alter table purchases add column refunded_at timestamptz;
`;
