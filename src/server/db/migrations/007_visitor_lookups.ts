// Indexes for the lookups by a browser's uid that its own requests trigger (its data fetched or erased, the
// retention purge erasing it): without them each reads a whole table, and PGlite, which cannot interrupt a
// statement, would spend time growing with every other browser's rows.
export const name = '007_visitor_lookups';

export const sql = `
create index feedback_uid on feedback (uid);
create index funnel_users_uid on funnel_users (uid);
create index daily_visitors_uid on daily_visitors (uid);
create index ai_usage_key on ai_usage (key);
create index discount_codes_used_by on discount_codes (used_by) where used_by is not null;
create index discount_codes_reserved_by on discount_codes (reserved_by) where reserved_by is not null;
create index referrals_referrer on referrals (referrer_uid);
create index local_checkout_sessions_client on local_checkout_sessions (client_reference_id);
`;
