// The one gate every payment passes: whichever way a paid checkout reaches us (the test checkout's Pay, Stripe's
// webhook, the return page asking Stripe, the sweeper asking Stripe, a price credits cover wholly), it is
// settled here, against what it paid for. A checkout still open grants the plan and spends what it reserved.
// One that was closed first (replaced by a newer checkout, cancelled, expired) gave its credits and code back:
// its payment stands only if the browser has no plan yet and those are still to be had, and then it spends
// them now; otherwise it is refunded in full and grants nothing. Every change of money is one conditional
// update under the browser's lock, so two completions of one checkout settle it once.
import type { Kysely } from 'kysely';
import { CURRENCY, dollars } from '../../common/money/pricing.ts';
import {
  type CheckoutRow, claimPayment, findCheckoutByProviderId, lockBrowser, lockCheckout, markRefundDue, markRefunded,
  type OWN_REFUND_REASONS,
} from '../db/checkoutSessions.ts';
import { spendCode } from '../db/discountCodes.ts';
import { findPlan, savePlan } from '../db/entitlements.ts';
import { addCredits, convertReferral, findAccount, takeCredits } from '../db/referrals.ts';
import type { Database } from '../db/schema.ts';
import { type FulfilmentDeps, giveBack, REVOKING_EVENT_TYPES } from './fulfilment.ts';
import type { PaymentEvent } from './paymentEvents.ts';
import { refundNow } from './refunds.ts';

/** Every way a payment reaches the gate; each names itself as the completion's source. */
export const FULFILMENT_PATHS = ['local_checkout', 'webhook', 'verify_session', 'sweeper', 'credits'] as const;
export type FulfilmentPath = (typeof FULFILMENT_PATHS)[number];

export interface Completion {
  paymentIntent: string | null;
  /** The browser that paid, when the provider can tell (the local checkout); else null. */
  completedBy: string | null;
  source: FulfilmentPath;
}

type OwnRefundReason = (typeof OWN_REFUND_REASONS)[number];

/**
 * Spends what this claimed checkout paid for, or answers why its payment cannot stand. A checkout that still
 * held its credits and code spends the code (the credits left the balance when it started); a closed one takes
 * both again, each by a conditional update that fails when they went elsewhere meanwhile.
 */
async function spendReservation(trx: Kysely<Database>, checkout: CheckoutRow, held: boolean, at: Date): Promise<OwnRefundReason | null> {
  if ((await findPlan(trx, checkout.uid)) === 'paid') return 'already_paid';
  const retake = !held && checkout.credits_cents > 0;
  if (retake && !(await takeCredits(trx, checkout.uid, checkout.credits_cents))) return 'credits_used';
  if (checkout.discount_code !== null && !(await spendCode(trx, checkout.discount_code, { at, checkoutId: checkout.id, held }))) {
    if (retake) await addCredits(trx, checkout.uid, checkout.credits_cents);
    return 'code_used';
  }
  return null;
}

/** Settles a paid checkout once. Answers the row as it now stands (undefined: unknown id). */
export async function completeCheckout(deps: FulfilmentDeps, providerSessionId: string, completion: Completion): Promise<CheckoutRow | undefined> {
  const found = await findCheckoutByProviderId(deps.db, providerSessionId);
  if (!found) return undefined;
  const pending: PaymentEvent[] = [];
  let refund: CheckoutRow | undefined;
  const row = await deps.db.transaction().execute(async (trx) => {
    await lockBrowser(trx, found.uid);
    const checkout = await lockCheckout(trx, providerSessionId);
    if (!checkout) return checkout;
    const at = deps.clock();
    const completedBy = completion.completedBy !== checkout.uid ? completion.completedBy : null;
    // The claim is the first change: a second completion of this checkout finds it settled and changes nothing.
    if (!(await claimPayment(trx, checkout.id, { at, paymentIntent: completion.paymentIntent, completedBy }))) return checkout;
    const held = checkout.status === 'pending' || checkout.status === 'open';
    const paid = { ...checkout, status: 'paid' as const, paid_at: at, completed_by: completedBy, payment_intent: completion.paymentIntent };
    if (completion.paymentIntent !== null && await wasRevoked(trx, completion.paymentIntent)) {
      // The refund overtook the completion (webhooks arrive in any order): the payment is recorded, nothing granted.
      await markRefunded(trx, completion.paymentIntent, at);
      if (held) await giveBack(trx, [checkout]);
      return { ...paid, status: 'refunded' as const, refund_reason: 'provider' as const, refunded_at: at };
    }
    const refusal = await spendReservation(trx, checkout, held, at);
    if (refusal !== null) {
      await markRefundDue(trx, checkout.id, { at, reason: refusal });
      if (held) await giveBack(trx, [checkout]);
      refund = { ...paid, status: 'refunded', refund_reason: refusal, refunded_at: at };
      return refund;
    }
    await savePlan(trx, { uid: checkout.uid, plan: 'paid', source: 'purchase', at });
    if (completedBy !== null) await savePlan(trx, { uid: completedBy, plan: 'paid', source: 'purchase', at });
    pending.push(purchaseEvent(checkout, completion.source));
    if (checkout.provider !== 'credits') {
      const referral = await creditReferrer(trx, deps, checkout, at);
      if (referral) pending.push({ ...referral, source: completion.source });
    }
    return paid;
  });
  for (const event of pending) await deps.events(event);
  if (refund) await refundNow(deps, refund);
  return row;
}

function purchaseEvent(checkout: CheckoutRow, source: FulfilmentPath): PaymentEvent {
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
