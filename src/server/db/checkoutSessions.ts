// Checkout sessions: one row per checkout a browser starts, bound to its uid, with what it costs and what it
// reserved (a launch code, credits). Status moves pending → open → paid (or expired/canceled; paid → refunded).
import { type Kysely, sql } from 'kysely';
import type { CheckoutSessionsTable } from './paymentsSchema.ts';
import type { Database } from './schema.ts';

export type CheckoutRow = Omit<CheckoutSessionsTable, 'credits_cents'> & { credits_cents: number };
export type NewCheckout = Pick<CheckoutRow, 'id' | 'provider' | 'uid' | 'amount_cents' | 'discount_code' | 'credits_cents' | 'created_at' | 'expires_at'>;

export async function insertCheckout(db: Kysely<Database>, row: NewCheckout): Promise<void> {
  await db.insertInto('checkout_sessions').values({ ...row, status: 'pending' }).execute();
}

export async function openCheckout(
  db: Kysely<Database>, id: string, provider: { sessionId: string; url: string | null },
): Promise<void> {
  await db.updateTable('checkout_sessions')
    .set({ status: 'open', provider_session_id: provider.sessionId, url: provider.url })
    .where('id', '=', id).where('status', '=', 'pending').execute();
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

/** Locks the row for the rest of the transaction (PostgreSQL), so two completions of one session queue up. */
export async function lockCheckout(db: Kysely<Database>, providerSessionId: string): Promise<CheckoutRow | undefined> {
  return db.selectFrom('checkout_sessions').selectAll()
    .where('provider_session_id', '=', providerSessionId).forUpdate().executeTakeFirst();
}

export async function markCheckoutPaid(
  db: Kysely<Database>, id: string, paid: { at: Date; paymentIntent: string | null; completedBy: string | null },
): Promise<void> {
  await db.updateTable('checkout_sessions')
    .set({ status: 'paid', paid_at: paid.at, payment_intent: paid.paymentIntent, completed_by: paid.completedBy })
    .where('id', '=', id).execute();
}

/** Closes still-unpaid checkouts (one, or a browser's stale ones) and answers what they had reserved. */
export async function closeCheckouts(
  db: Kysely<Database>,
  where: { id?: string; providerSessionId?: string; uid?: string; expiredBefore?: Date },
  status: 'expired' | 'canceled',
): Promise<Array<Pick<CheckoutRow, 'id' | 'uid' | 'credits_cents' | 'provider_session_id'>>> {
  let update = db.updateTable('checkout_sessions').set({ status })
    .where('status', 'in', ['pending', 'open']);
  if (where.id !== undefined) update = update.where('id', '=', where.id);
  if (where.providerSessionId !== undefined) update = update.where('provider_session_id', '=', where.providerSessionId);
  if (where.uid !== undefined) update = update.where('uid', '=', where.uid);
  if (where.expiredBefore !== undefined) update = update.where('expires_at', '<=', where.expiredBefore);
  return update.returning(['id', 'uid', 'credits_cents', 'provider_session_id']).execute();
}

/** Marks the paid checkouts of a payment refunded, answering whose plan they had granted. */
export async function markRefunded(db: Kysely<Database>, paymentIntent: string): Promise<Array<Pick<CheckoutRow, 'uid' | 'completed_by'>>> {
  return db.updateTable('checkout_sessions').set({ status: 'refunded' })
    .where('payment_intent', '=', paymentIntent).where('status', '=', 'paid')
    .returning(['uid', 'completed_by']).execute();
}

/** Does another paid checkout still grant this browser the plan (after one of its purchases was refunded)? */
export async function hasOtherPaidCheckout(db: Kysely<Database>, uid: string): Promise<boolean> {
  const row = await db.selectFrom('checkout_sessions').select(sql<number>`1`.as('one'))
    .where('status', '=', 'paid').where((eb) => eb.or([eb('uid', '=', uid), eb('completed_by', '=', uid)]))
    .executeTakeFirst();
  return row !== undefined;
}
