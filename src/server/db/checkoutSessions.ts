// Checkout sessions: one row per checkout a browser starts, bound to its uid, with what it costs and what it
// reserved (a launch code, credits). Status moves pending → open → paid (or expired/canceled; paid → refunded).
// A partial unique index keeps at most one pending-or-open checkout per browser.
import { type Kysely, type Selectable, sql } from 'kysely';
import type { CheckoutSessionsTable, CheckoutStatus, RefundReason } from './paymentsSchema.ts';
import type { Database } from './schema.ts';

export type CheckoutRow = Selectable<CheckoutSessionsTable>;
export type NewCheckout = Pick<CheckoutRow, 'id' | 'provider' | 'uid' | 'amount_cents' | 'discount_code' | 'credits_cents' | 'created_at' | 'expires_at'>;
export type ClosedCheckout = Pick<CheckoutRow, 'id' | 'uid' | 'credits_cents' | 'provider' | 'provider_session_id'>;

/** An arbitrary constant naming "one browser's money" among advisory locks; the second key is the uid's hash. */
const BROWSER_LOCK_NAMESPACE = 72_405_131;

/**
 * Serialises, across instances, everything that changes one browser's checkouts (start, complete, sweep) until
 * the transaction ends. Always taken before any row lock, so these paths cannot deadlock one another.
 */
export async function lockBrowser(trx: Kysely<Database>, uid: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(${BROWSER_LOCK_NAMESPACE}::int, hashtext(${uid}))`.execute(trx);
}

export async function insertCheckout(db: Kysely<Database>, row: NewCheckout): Promise<void> {
  await db.insertInto('checkout_sessions').values({ ...row, status: 'pending' }).execute();
}

/** Opens a pending checkout with its provider session; false when it was closed meanwhile (replaced). */
export async function openCheckout(
  db: Kysely<Database>, id: string, provider: { sessionId: string; url: string | null },
): Promise<boolean> {
  const row = await db.updateTable('checkout_sessions')
    .set({ status: 'open', provider_session_id: provider.sessionId, url: provider.url })
    .where('id', '=', id).where('status', '=', 'pending').returning('id').executeTakeFirst();
  return row !== undefined;
}

/** An open, unexpired checkout of this browser at exactly this price and reservation, to send it back to. */
export async function findReusableCheckout(
  db: Kysely<Database>,
  query: { uid: string; amountCents: number; discountCode: string | null; creditsCents: number; now: Date },
): Promise<CheckoutRow | undefined> {
  let select = db.selectFrom('checkout_sessions').selectAll()
    .where('uid', '=', query.uid).where('status', '=', 'open').where('expires_at', '>', query.now)
    .where('amount_cents', '=', query.amountCents).where('credits_cents', '=', query.creditsCents)
    .where('url', 'is not', null);
  select = query.discountCode === null
    ? select.where('discount_code', 'is', null)
    : select.where('discount_code', '=', query.discountCode);
  return select.orderBy('created_at', 'desc').executeTakeFirst();
}

export async function findCheckoutByProviderId(db: Kysely<Database>, providerSessionId: string): Promise<CheckoutRow | undefined> {
  return db.selectFrom('checkout_sessions').selectAll().where('provider_session_id', '=', providerSessionId).executeTakeFirst();
}

export async function findCheckout(db: Kysely<Database>, id: string): Promise<CheckoutRow | undefined> {
  return db.selectFrom('checkout_sessions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Locks the row for the rest of the transaction (PostgreSQL), so two completions of one session queue up. */
export async function lockCheckout(db: Kysely<Database>, providerSessionId: string): Promise<CheckoutRow | undefined> {
  return db.selectFrom('checkout_sessions').selectAll()
    .where('provider_session_id', '=', providerSessionId).forUpdate().executeTakeFirst();
}

/** The statuses a payment may still settle: a checkout not yet paid, whether still payable or already closed. */
const UNSETTLED: CheckoutStatus[] = ['pending', 'open', 'expired', 'canceled'];

/**
 * Claims an unsettled checkout for its payment by one conditional update: of two completions of the same
 * checkout, only one claims it (the other finds it settled). Answers whether this one did.
 */
export async function claimPayment(
  db: Kysely<Database>, id: string, paid: { at: Date; paymentIntent: string | null; completedBy: string | null },
): Promise<boolean> {
  const row = await db.updateTable('checkout_sessions')
    .set({ status: 'paid', paid_at: paid.at, payment_intent: paid.paymentIntent, completed_by: paid.completedBy })
    .where('id', '=', id).where('status', 'in', UNSETTLED).returning('id').executeTakeFirst();
  return row !== undefined;
}

/** Why we refund a payment ourselves (not 'provider': a refund or dispute the provider made). */
export const OWN_REFUND_REASONS = ['already_paid', 'code_used', 'credits_used'] as const satisfies readonly RefundReason[];

/** A claimed payment we will not keep: recorded as refunded by us, with why, and the refund still due. */
export async function markRefundDue(
  db: Kysely<Database>, id: string, refund: { at: Date; reason: (typeof OWN_REFUND_REASONS)[number] },
): Promise<void> {
  await db.updateTable('checkout_sessions')
    .set({ status: 'refunded', refund_reason: refund.reason, refunded_at: refund.at })
    .where('id', '=', id).where('status', '=', 'paid').where('refund_reason', 'is', null).execute();
}

/** The provider confirmed our refund. */
export async function markRefundDone(db: Kysely<Database>, id: string, refundId: string): Promise<void> {
  await db.updateTable('checkout_sessions').set({ refund_id: refundId }).where('id', '=', id).where('refund_id', 'is', null).execute();
}

/** Our own refunds the provider has not confirmed yet (it was unreachable): the sweeper tries them again. */
export async function findRefundsDue(db: Kysely<Database>, limit: number): Promise<CheckoutRow[]> {
  return db.selectFrom('checkout_sessions').selectAll()
    .where('refund_reason', 'in', [...OWN_REFUND_REASONS]).where('refund_id', 'is', null)
    .orderBy('refunded_at').limit(limit).execute();
}

/** Closes still-unpaid checkouts (one, or a browser's, optionally only expired ones) and answers what they held. */
export async function closeCheckouts(
  db: Kysely<Database>,
  where: { id?: string; providerSessionId?: string; uid?: string; expiredBefore?: Date },
  close: { status: 'expired' | 'canceled'; reason: 'expired' | 'canceled' | 'replaced' },
): Promise<ClosedCheckout[]> {
  let update = db.updateTable('checkout_sessions').set({ status: close.status, closed_reason: close.reason })
    .where('status', 'in', ['pending', 'open']);
  if (where.id !== undefined) update = update.where('id', '=', where.id);
  if (where.providerSessionId !== undefined) update = update.where('provider_session_id', '=', where.providerSessionId);
  if (where.uid !== undefined) update = update.where('uid', '=', where.uid);
  if (where.expiredBefore !== undefined) update = update.where('expires_at', '<=', where.expiredBefore);
  return update.returning(['id', 'uid', 'credits_cents', 'provider', 'provider_session_id']).execute();
}

/** The browsers with unpaid checkouts past their expiry: what the sweeper closes. */
export async function findAbandonedBrowsers(db: Kysely<Database>, before: Date, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('checkout_sessions').select('uid').distinct()
    .where('status', 'in', ['pending', 'open']).where('expires_at', '<=', before).limit(limit).execute();
  return rows.map((row) => row.uid);
}

export type RefundedCheckout = Pick<CheckoutRow, 'id' | 'uid' | 'completed_by' | 'provider_session_id' | 'amount_cents'>;

/** Marks the paid checkouts of a refunded or disputed payment, answering whose plan they had granted. */
export async function markRefunded(db: Kysely<Database>, paymentIntent: string, at: Date): Promise<RefundedCheckout[]> {
  return db.updateTable('checkout_sessions').set({ status: 'refunded', refund_reason: 'provider', refunded_at: at })
    .where('payment_intent', '=', paymentIntent).where('status', '=', 'paid')
    .returning(['id', 'uid', 'completed_by', 'provider_session_id', 'amount_cents']).execute();
}

/** Does another paid checkout still grant this browser the plan (after one of its purchases was refunded)? */
export async function hasOtherPaidCheckout(db: Kysely<Database>, uid: string): Promise<boolean> {
  const row = await db.selectFrom('checkout_sessions').select(sql<number>`1`.as('one'))
    .where('status', '=', 'paid').where((eb) => eb.or([eb('uid', '=', uid), eb('completed_by', '=', uid)]))
    .executeTakeFirst();
  return row !== undefined;
}
