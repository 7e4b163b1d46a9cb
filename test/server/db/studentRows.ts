// A browser with rows in every table that names browsers, written straight to the database, and the means to
// age them past the retention period: what the policy and purge suites erase and check.
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../../src/server/db/schema.ts';

type Db = Kysely<Database>;

export interface SeededBrowser { uid: string; email: string }

const DAY_MS = 86_400_000;

/**
 * Rows of `uid` in every table a browser can have rows in: a questionnaire unless `questionnaire` is false,
 * a college list, versions, events, rollups, feedback and a code (both with the e-mail), AI usage, a referral account, a
 * used code, a purchase and its checkout, a local checkout, the operator's plan change.
 */
export async function seedBrowser(db: Db, uid: string, email: string, at: Date, options: { questionnaire?: boolean } = {}): Promise<SeededBrowser> {
  const tag = uid.slice(-8);
  const day = at.toISOString().slice(0, 10);
  if (options.questionnaire !== false) {
    await db.insertInto('forms').values({ uid, document: sql`cast(${JSON.stringify({ answers: `mine, ${email}` })} as jsonb)`, revision: 1, updated_at: at }).execute();
  }
  await db.insertInto('college_plans').values({ uid, document: sql`cast(${JSON.stringify({ colleges: [], stories: [{ title: `told by ${email}` }] })} as jsonb)`, revision: 1, updated_at: at }).execute();
  await db.insertInto('essay_versions').values([1, 2, 3].map((n) => ({
    uid, id: `v-${tag}-${n}`, essay_key: 'personal', kind: 'edited' as const, text: `Draft ${n} by ${email}`, at, stored_at: at,
  }))).execute();
  await db.insertInto('events').values([1, 2].map(() => ({ uid, name: 'page_viewed', params: JSON.stringify({ page_path: '/form' }), occurred_at: at, received_at: at }))).execute();
  await db.insertInto('funnel_users').values({ step: 'topics', uid, first_at: at }).execute();
  await db.insertInto('daily_visitors').values({ day, uid }).execute();
  await db.insertInto('feedback').values({ uid, type: 'praise', rating: 5, message: 'Lovely', email, page: '/form', url: '/form', user_agent: 'test', created_at: at }).execute();
  await db.insertInto('ai_usage').values({ day, key: `supplemental:${uid}`, count: 2 }).execute();
  await db.insertInto('referral_accounts').values({ uid, code: `REFER-${tag.slice(-6).toUpperCase()}`, created_at: at }).execute();
  const later = new Date(at.getTime() + 30 * DAY_MS);
  await db.insertInto('discount_codes').values([
    { code: `UNUSED-${tag}`, email, uid, created_at: at, expires_at: later, used_at: null, used_by: null },
    { code: `USED-${tag}`, email, uid, created_at: at, expires_at: later, used_at: at, used_by: uid },
  ]).execute();
  await db.insertInto('checkout_sessions').values({
    id: `cs-${tag}`, provider: 'local', provider_session_id: `ps-${tag}`, uid, amount_cents: 2900, discount_code: `USED-${tag}`,
    status: 'paid', url: null, payment_intent: `pi-${tag}`, completed_by: null, created_at: at, expires_at: later, paid_at: at,
  }).execute();
  await db.insertInto('local_checkout_sessions').values({
    id: `ps-${tag}`, amount_cents: 2900, currency: 'usd', description: 'Essay Studio', client_reference_id: uid,
    success_url: '/thank-you', cancel_url: '/', status: 'complete', payment_status: 'paid', payment_intent: `pi-${tag}`, expires_at: later,
  }).execute();
  await db.insertInto('purchases').values({ transaction_id: `ps-${tag}`, uid, value_cents: 2900, discount_applied: true, at }).execute();
  await db.insertInto('entitlements').values({ uid, plan: 'paid', source: 'purchase', updated_at: at }).execute();
  await db.insertInto('admin_audit').values({ uid, plan: 'paid', reason: 'support', at }).execute();
  // A shared version with a reader's comment and the student's reply (the link's secret digest made up).
  const shareId = `share-${tag}`.padEnd(22, '0').slice(0, 22);
  await db.insertInto('shares').values({
    id: shareId, uid, essay_key: 'personal', version_id: `v-${tag}`, title: null, snapshot: 'My essay.', reader_name: 'Ms. Álvarez',
    token_hash: tag.padEnd(64, '0').slice(0, 64), created_at: at, expires_at: later, stopped_at: null,
  }).execute();
  const commentId = `00000000-0000-4000-8000-${tag.padStart(12, '0').slice(-12)}`;
  await db.insertInto('share_comments').values({
    id: commentId, share_id: shareId, reader_session_id: 'reader-session-0000000', text: 'Lovely.', quote: null, prefix: null, suffix: null,
    quote_start: null, quote_end: null, resolved: false, created_at: at, updated_at: at,
  }).execute();
  await db.insertInto('share_replies').values({ id: `10000000-0000-4000-8000-${tag.padStart(12, '0').slice(-12)}`, comment_id: commentId, text: 'Thanks!', created_at: at }).execute();
  return { uid, email };
}

/** Moves every time the browser's rows tell to `at` (its codes expire then too). */
export async function ageBrowser(db: Db, uid: string, at: Date): Promise<void> {
  const day = at.toISOString().slice(0, 10);
  await db.updateTable('forms').set({ updated_at: at }).where('uid', '=', uid).execute();
  await db.updateTable('college_plans').set({ updated_at: at }).where('uid', '=', uid).execute();
  await db.updateTable('essay_versions').set({ stored_at: at, at }).where('uid', '=', uid).execute();
  await db.updateTable('events').set({ received_at: at, occurred_at: at }).where('uid', '=', uid).execute();
  await db.updateTable('funnel_users').set({ first_at: at }).where('uid', '=', uid).execute();
  await db.updateTable('daily_visitors').set({ day }).where('uid', '=', uid).execute();
  await db.updateTable('feedback').set({ created_at: at }).where('uid', '=', uid).execute();
  await db.updateTable('ai_usage').set({ day }).where('key', '=', `supplemental:${uid}`).execute();
  await db.updateTable('referral_accounts').set({ created_at: at }).where('uid', '=', uid).execute();
  await db.updateTable('discount_codes').set({ created_at: at, expires_at: at, used_at: sql`case when used_at is null then null else cast(${at} as timestamptz) end` })
    .where((eb) => eb.or([eb('uid', '=', uid), eb('used_by', '=', uid)])).execute();
  await db.updateTable('referrals').set({ created_at: at, converted_at: sql`case when converted_at is null then null else cast(${at} as timestamptz) end` })
    .where('referee_uid', '=', uid).execute();
  await db.updateTable('checkout_sessions').set({ created_at: at, expires_at: at, paid_at: sql`case when paid_at is null then null else cast(${at} as timestamptz) end` })
    .where((eb) => eb.or([eb('uid', '=', uid), eb('completed_by', '=', uid)])).execute();
  await db.updateTable('entitlements').set({ updated_at: at }).where('uid', '=', uid).execute();
  await db.updateTable('purchases').set({ at }).where('uid', '=', uid).execute();
  await db.updateTable('admin_audit').set({ at }).where('uid', '=', uid).execute();
  await db.updateTable('shares').set({ created_at: at }).where('uid', '=', uid).execute();
}
