// What happens when money moves: a paid checkout grants the plan and uses up what it reserved; an expired or
// cancelled one gives its credits back; a refund or dispute takes the plan away. Each is one transaction and
// idempotent, so the webhook, the local checkout and verify-session may all report the same payment.
import type { Kysely } from 'kysely';
import { CURRENCY, dollars } from '../../shared/constants.ts';
import {
  type CheckoutRow, closeCheckouts, hasOtherPaidCheckout, lockCheckout, markCheckoutPaid, markRefunded,
} from '../db/checkoutSessions.ts';
import { useCode } from '../db/discountCodes.ts';
import { savePlan } from '../db/entitlements.ts';
import { addCredits, convertReferral, findAccount, takeCredits } from '../db/referrals.ts';
import type { Database } from '../db/schema.ts';
import type { PaymentEvent, PaymentEventSink } from './paymentEvents.ts';

export interface FulfilmentDeps {
  db: Kysely<Database>;
  clock: () => Date;
  referralRewardCents: number;
  events: PaymentEventSink;
}

export const REVOKING_EVENT_TYPES = ['charge.refunded', 'charge.dispute.created'] as const;

type Source = PaymentEvent['source'];

export interface Completion {
  paymentIntent: string | null;
  /** The browser that paid, when the provider can tell (the local checkout); else null. */
  completedBy: string | null;
  source: Source;
}

/** Marks a checkout paid once and grants its plan. Answers the row as it now stands (undefined: unknown id). */
export async function completeCheckout(deps: FulfilmentDeps, providerSessionId: string, completion: Completion): Promise<CheckoutRow | undefined> {
  const pending: PaymentEvent[] = [];
  const row = await deps.db.transaction().execute(async (trx) => {
    const checkout = await lockCheckout(trx, providerSessionId);
    if (!checkout || checkout.status === 'paid' || checkout.status === 'refunded') return checkout;
    const at = deps.clock();
    if (completion.paymentIntent !== null && await wasRevoked(trx, completion.paymentIntent)) {
      // The refund overtook the completion (webhooks arrive in any order): record the payment, grant nothing.
      await markCheckoutPaid(trx, checkout.id, { at, paymentIntent: completion.paymentIntent, completedBy: null });
      await markRefunded(trx, completion.paymentIntent);
      return { ...checkout, status: 'refunded' as const };
    }
    const completedBy = completion.completedBy !== checkout.uid ? completion.completedBy : null;
    await markCheckoutPaid(trx, checkout.id, { at, paymentIntent: completion.paymentIntent, completedBy });
    // Credits of a checkout that expired before its payment arrived were given back: take them again if possible.
    if ((checkout.status === 'expired' || checkout.status === 'canceled') && checkout.credits_cents > 0) {
      await takeCredits(trx, checkout.uid, checkout.credits_cents);
    }
    await savePlan(trx, { uid: checkout.uid, plan: 'paid', source: 'purchase', at });
    if (completedBy !== null) await savePlan(trx, { uid: completedBy, plan: 'paid', source: 'purchase', at });
    if (checkout.discount_code !== null) await useCode(trx, checkout.discount_code, { at, checkoutId: checkout.id });
    pending.push(purchaseEvent(checkout, completion.source));
    if (checkout.provider !== 'credits') {
      const referral = await creditReferrer(trx, deps, checkout, at);
      if (referral) pending.push({ ...referral, source: completion.source });
    }
    return { ...checkout, status: 'paid' as const, paid_at: at, completed_by: completedBy, payment_intent: completion.paymentIntent };
  });
  for (const event of pending) await deps.events(event);
  return row;
}

function purchaseEvent(checkout: CheckoutRow, source: Source): PaymentEvent {
  return {
    name: 'purchase',
    uid: checkout.uid,
    source,
    params: {
      transaction_id: checkout.provider_session_id ?? checkout.id,
      value: dollars(checkout.amount_cents),
      currency: CURRENCY,
      discount_applied: checkout.discount_code !== null || checkout.credits_cents > 0,
    },
  };
}

/** A referred browser paying with a card credits its referrer, once (the referral row remembers). */
async function creditReferrer(trx: Kysely<Database>, deps: FulfilmentDeps, checkout: CheckoutRow, at: Date) {
  const referrer = await convertReferral(trx, checkout.uid, { at, checkoutId: checkout.id });
  if (referrer === undefined) return undefined;
  await addCredits(trx, referrer, deps.referralRewardCents);
  const account = await findAccount(trx, referrer);
  return {
    name: 'referral_converted' as const,
    uid: referrer,
    params: { referral_code: account?.code ?? '', reward_amount: dollars(deps.referralRewardCents), currency: CURRENCY },
  };
}

async function wasRevoked(trx: Kysely<Database>, paymentIntent: string): Promise<boolean> {
  const row = await trx.selectFrom('stripe_events').select('id')
    .where('payment_intent', '=', paymentIntent).where('type', 'in', [...REVOKING_EVENT_TYPES]).executeTakeFirst();
  return row !== undefined;
}

/** Closes unpaid checkouts (by provider id, or a browser's expired ones) and gives their credits back. */
export async function closeUnpaid(
  db: Kysely<Database>,
  where: { providerSessionId?: string; id?: string; uid?: string; expiredBefore?: Date },
  status: 'expired' | 'canceled',
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const closed = await closeCheckouts(trx, where, status);
    for (const row of closed) if (row.credits_cents > 0) await addCredits(trx, row.uid, row.credits_cents);
    return closed.length;
  });
}

/** A refund or dispute: the plan its payment granted goes back to free, unless another payment still grants it. */
export async function revokePayment(deps: Pick<FulfilmentDeps, 'db' | 'clock'>, paymentIntent: string): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    const refunded = await markRefunded(trx, paymentIntent);
    const at = deps.clock();
    const uids = new Set(refunded.flatMap((row) => [row.uid, ...(row.completed_by ? [row.completed_by] : [])]));
    for (const uid of uids) {
      if (!(await hasOtherPaidCheckout(trx, uid))) await savePlan(trx, { uid, plan: 'free', source: 'refund', at });
    }
    return refunded.length;
  });
}
