// What happens when money moves: a paid checkout grants the plan and uses up what it reserved; an expired or
// cancelled one gives its credits and code back; a refund or dispute takes the plan and the referral reward
// away. Each is one transaction and idempotent, so the webhook, the local checkout and verify-session may all
// report the same payment. A payment that must not stand (the browser already had the plan, or its code was
// used by another purchase) grants nothing and is refunded.
import type { Kysely } from 'kysely';
import { CURRENCY, dollars } from '../../common/money/pricing.ts';
import {
  type CheckoutRow, type ClosedCheckout, closeCheckouts, findCheckoutByProviderId, hasOtherPaidCheckout, lockBrowser,
  lockCheckout, markCheckoutPaid, markRefundDue, markRefunded,
} from '../db/checkoutSessions.ts';
import { releaseCodes, spendCode } from '../db/discountCodes.ts';
import { findPlan, savePlan } from '../db/entitlements.ts';
import { recordRefundInRollups } from '../db/refundRollups.ts';
import {
  addCredits, convertReferral, findAccount, reverseReferral, takeBackCredits, takeCredits,
} from '../db/referrals.ts';
import type { RefundReason } from '../db/paymentsSchema.ts';
import type { Database } from '../db/schema.ts';
import type { PaymentEvent, PaymentEventSink } from './paymentEvents.ts';
import type { PaymentsPort } from './port.ts';
import { refundNow } from './refunds.ts';

export interface FulfilmentDeps {
  db: Kysely<Database>;
  clock: () => Date;
  referralRewardCents: number;
  events: PaymentEventSink;
  payments: PaymentsPort;
}

export const REVOKING_EVENT_TYPES = ['charge.refunded', 'charge.dispute.created'] as const;

type Source = PaymentEvent['source'];

export interface Completion {
  paymentIntent: string | null;
  /** The browser that paid, when the provider can tell (the local checkout); else null. */
  completedBy: string | null;
  source: Source;
}

/** Why this checkout's payment cannot be kept, if it cannot; uses its code up when it can. */
async function refusalFor(trx: Kysely<Database>, checkout: CheckoutRow, at: Date): Promise<RefundReason | null> {
  if ((await findPlan(trx, checkout.uid)) === 'paid') return 'already_paid';
  if (checkout.discount_code !== null && !(await spendCode(trx, checkout.discount_code, { at, checkoutId: checkout.id }))) {
    return 'code_used';
  }
  return null;
}

/** Marks a checkout paid once and grants its plan. Answers the row as it now stands (undefined: unknown id). */
export async function completeCheckout(deps: FulfilmentDeps, providerSessionId: string, completion: Completion): Promise<CheckoutRow | undefined> {
  const found = await findCheckoutByProviderId(deps.db, providerSessionId);
  if (!found) return undefined;
  const pending: PaymentEvent[] = [];
  let refund: CheckoutRow | undefined;
  const row = await deps.db.transaction().execute(async (trx) => {
    await lockBrowser(trx, found.uid);
    const checkout = await lockCheckout(trx, providerSessionId);
    if (!checkout || checkout.status === 'paid' || checkout.status === 'refunded') return checkout;
    const at = deps.clock();
    if (completion.paymentIntent !== null && await wasRevoked(trx, completion.paymentIntent)) {
      // The refund overtook the completion (webhooks arrive in any order): record the payment, grant nothing.
      await markCheckoutPaid(trx, checkout.id, { at, paymentIntent: completion.paymentIntent, completedBy: null });
      await markRefunded(trx, completion.paymentIntent, at);
      return { ...checkout, status: 'refunded' as const, refund_reason: 'provider' as const };
    }
    const held = checkout.status === 'pending' || checkout.status === 'open';
    const refusal = await refusalFor(trx, checkout, at);
    if (refusal !== null) {
      await markRefundDue(trx, checkout.id, { at, paymentIntent: completion.paymentIntent, reason: refusal });
      if (held) await giveBack(trx, [checkout]);
      refund = { ...checkout, status: 'refunded', refund_reason: refusal, refunded_at: at, paid_at: at, payment_intent: completion.paymentIntent };
      return refund;
    }
    const completedBy = completion.completedBy !== checkout.uid ? completion.completedBy : null;
    await markCheckoutPaid(trx, checkout.id, { at, paymentIntent: completion.paymentIntent, completedBy });
    // Credits of a checkout that closed before its payment arrived were given back: take them again if possible.
    if (!held && checkout.credits_cents > 0) await takeCredits(trx, checkout.uid, checkout.credits_cents);
    await savePlan(trx, { uid: checkout.uid, plan: 'paid', source: 'purchase', at });
    if (completedBy !== null) await savePlan(trx, { uid: completedBy, plan: 'paid', source: 'purchase', at });
    pending.push(purchaseEvent(checkout, completion.source));
    if (checkout.provider !== 'credits') {
      const referral = await creditReferrer(trx, deps, checkout, at);
      if (referral) pending.push({ ...referral, source: completion.source });
    }
    return { ...checkout, status: 'paid' as const, paid_at: at, completed_by: completedBy, payment_intent: completion.paymentIntent };
  });
  for (const event of pending) await deps.events(event);
  if (refund) await refundNow(deps, refund);
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
  const referrer = await convertReferral(trx, checkout.uid, { at, checkoutId: checkout.id, rewardCents: deps.referralRewardCents });
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

/** What closed checkouts held comes back at once: credits to the balance, codes free for the next checkout. */
export async function giveBack(trx: Kysely<Database>, closed: ReadonlyArray<Pick<ClosedCheckout, 'id' | 'uid' | 'credits_cents'>>): Promise<void> {
  for (const row of closed) if (row.credits_cents > 0) await addCredits(trx, row.uid, row.credits_cents);
  await releaseCodes(trx, closed.map((row) => row.id));
}

/** Closes unpaid checkouts (by provider id, or a browser's expired ones) and gives back what they held. */
export async function closeUnpaid(
  db: Kysely<Database>,
  where: { providerSessionId?: string; id?: string; uid?: string; expiredBefore?: Date },
  status: 'expired' | 'canceled',
): Promise<ClosedCheckout[]> {
  return db.transaction().execute(async (trx) => {
    const closed = await closeCheckouts(trx, where, { status, reason: status });
    await giveBack(trx, closed);
    return closed;
  });
}

/**
 * A refund or dispute: the plan its payment granted goes back to free (unless another payment still grants it),
 * the referral it converted is reversed and its reward taken back (what the referrer already spent is owed),
 * and the dashboard's revenue drops by its amount.
 */
export async function revokePayment(deps: Pick<FulfilmentDeps, 'db' | 'clock' | 'referralRewardCents'>, paymentIntent: string): Promise<number> {
  return deps.db.transaction().execute(async (trx) => {
    const at = deps.clock();
    const refunded = await markRefunded(trx, paymentIntent, at);
    const uids = new Set(refunded.flatMap((row) => [row.uid, ...(row.completed_by ? [row.completed_by] : [])]));
    for (const uid of uids) {
      if (!(await hasOtherPaidCheckout(trx, uid))) await savePlan(trx, { uid, plan: 'free', source: 'refund', at });
    }
    for (const row of refunded) {
      const reversed = await reverseReferral(trx, row.id, at);
      if (reversed) await takeBackCredits(trx, reversed.referrer_uid, reversed.reward_cents ?? deps.referralRewardCents);
      await recordRefundInRollups(trx, row.provider_session_id ?? row.id, at);
    }
    return refunded.length;
  });
}
