// Our own refunds: a payment that completed for a browser that already had the plan, or that carried a code
// another purchase had used. The checkout row records the refund as due before the provider is asked, and
// the idempotency key (one per checkout) makes every later attempt (a replayed webhook, the sweeper's retry
// after the provider was unreachable) refund that payment at most once.
import type { Kysely } from 'kysely';
import { type CheckoutRow, findRefundsDue, markRefundDone } from '../db/checkoutSessions.ts';
import type { Database } from '../db/schema.ts';
import type { PaymentsPort } from './port.ts';

export interface RefundDeps {
  db: Kysely<Database>;
  payments: PaymentsPort;
}

const refundKey = (checkoutId: string): string => `refund_${checkoutId}`;

/** Asks the provider to refund; false when it could not be reached (the refund stays due). */
export async function refundNow(deps: RefundDeps, checkout: Pick<CheckoutRow, 'id' | 'payment_intent'>): Promise<boolean> {
  if (checkout.payment_intent === null) {
    // Paid wholly with credits: no card payment to refund (the credits were given back with the refusal).
    await markRefundDone(deps.db, checkout.id, 'none');
    return true;
  }
  try {
    const refund = await deps.payments.refundPayment({ paymentIntent: checkout.payment_intent, idempotencyKey: refundKey(checkout.id) });
    await markRefundDone(deps.db, checkout.id, refund.id);
    return true;
  } catch {
    return false;
  }
}

/** Retries refunds the provider has not confirmed; answers how many went through. */
export async function retryDueRefunds(deps: RefundDeps, limit = 20): Promise<number> {
  let done = 0;
  for (const checkout of await findRefundsDue(deps.db, limit)) if (await refundNow(deps, checkout)) done += 1;
  return done;
}
