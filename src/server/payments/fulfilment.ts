// What happens when money moves apart from a payment (which checkoutGate.ts settles): an expired or cancelled
// checkout gives its credits and code back; a refund or dispute takes the plan and the referral reward away.
// Each is one transaction and idempotent, so the webhook and the routes may report the same change twice.
import type { Kysely } from 'kysely';
import { type ClosedCheckout, closeCheckouts, hasOtherPaidCheckout, markRefunded } from '../db/checkoutSessions.ts';
import { releaseCodes } from '../db/discountCodes.ts';
import { savePlan } from '../db/entitlements.ts';
import { recordRefundInRollups } from '../db/refundRollups.ts';
import { addCredits, reverseReferral, takeBackCredits } from '../db/referrals.ts';
import type { Database } from '../db/schema.ts';
import type { PaymentEventSink } from './paymentEvents.ts';
import type { PaymentsPort } from './port.ts';

export interface FulfilmentDeps {
  db: Kysely<Database>;
  clock: () => Date;
  referralRewardCents: number;
  events: PaymentEventSink;
  payments: PaymentsPort;
}

export const REVOKING_EVENT_TYPES = ['charge.refunded', 'charge.dispute.created'] as const;

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
