// GET /api/verify-session's rule. A paid checkout activates the plan for the browser that started it (its
// uid is bound at creation) and, on the local checkout, for the browser that pressed Pay. Any other browser
// holding the session id (a shared link, a screenshot) is refused and gains nothing, so a leaked session id
// unlocks no new browser. The provider is asked directly when its webhook has not arrived yet. A payment we
// refunded automatically answers 200 with `refunded` and its reason, so /thank-you can tell the student.
import { CURRENCY, dollars } from '../../common/money/pricing.ts';
import { type CheckoutRow, findCheckoutByProviderId } from '../db/checkoutSessions.ts';
import type { RefundReason } from '../db/paymentsSchema.ts';
import { findPlan } from '../db/entitlements.ts';
import { HttpError } from '../http/errors.ts';
import { completeCheckout } from './checkoutGate.ts';
import { PaymentsError } from './port.ts';
import type { CheckoutDeps } from './startCheckout.ts';

export interface VerifiedPurchase {
  plan: 'free' | 'paid';
  transaction_id: string;
  value: number;
  currency: string;
  discount_applied: boolean;
}

/** The browser that started the checkout, or (local checkout) the one that pressed Pay. */
const isTheirs = (checkout: CheckoutRow, uid: string): boolean => checkout.uid === uid || checkout.completed_by === uid;

/** Why we refunded this payment ourselves, if we did (a refund the provider made is not ours to explain). */
const ownRefundOf = (checkout: CheckoutRow): Exclude<RefundReason, 'provider'> | undefined => (
  checkout.status === 'refunded' && checkout.refund_reason !== null && checkout.refund_reason !== 'provider'
    ? checkout.refund_reason : undefined
);

const notFound = () => new HttpError(404, 'session_not_found', 'We could not find this checkout session.');

export async function verifySession(deps: CheckoutDeps, uid: string, sessionId: string): Promise<VerifiedPurchase> {
  let checkout = await findCheckoutByProviderId(deps.db, sessionId);
  if (!checkout) throw notFound();
  if (!isTheirs(checkout, uid)) {
    throw new HttpError(403, 'session_not_yours', 'This checkout was started in another browser, so it cannot activate this one.');
  }
  if (checkout.status === 'open' || checkout.status === 'expired' || checkout.status === 'canceled') {
    const session = await retrieve(deps, sessionId);
    if (session.paid) {
      checkout = await completeCheckout(deps, sessionId, { paymentIntent: session.paymentIntent, completedBy: null, source: 'verify_session' }) ?? checkout;
    }
  }
  const ownRefund = ownRefundOf(checkout);
  if (checkout.status === 'refunded' && ownRefund === undefined) {
    throw new HttpError(402, 'payment_refunded', 'This payment was refunded, so it no longer grants access.');
  }
  if (checkout.status !== 'paid' && ownRefund === undefined) throw new HttpError(402, 'payment_incomplete', 'This checkout has not been paid.');
  return {
    plan: (await findPlan(deps.db, uid)) ?? 'free',
    transaction_id: sessionId,
    value: dollars(checkout.amount_cents),
    currency: CURRENCY,
    discount_applied: checkout.discount_code !== null || checkout.credits_cents > 0,
    // A payment we refunded ourselves (the browser already had the plan, or the code was used) is said so.
    ...(ownRefund === undefined ? {} : { refunded: ownRefund }),
  };
}

async function retrieve(deps: CheckoutDeps, sessionId: string) {
  try {
    return await deps.payments.retrieveSession(sessionId);
  } catch (error) {
    if (error instanceof PaymentsError && error.kind === 'not_found') throw notFound();
    throw new HttpError(502, 'payment_provider_unavailable', 'The card payment service could not be reached. Please try again.');
  }
}
