// Starting a checkout: the server computes the price (full, launch code, or credits), reserves what the
// checkout uses (credits come off the balance now and return if it is not paid), asks the provider for a
// session bound to the browser's uid, and answers where to send the browser. A paid browser never pays twice.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { BASE_PRICE_CENTS, CHECKOUT_SESSION_TTL_MINUTES, STRIPE_MIN_CHARGE_CENTS } from '../../shared/constants.ts';
import { findReusableCheckout, insertCheckout, openCheckout } from '../db/checkoutSessions.ts';
import { findPlan } from '../db/entitlements.ts';
import { takeCredits } from '../db/referrals.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { closeUnpaid, completeCheckout, type FulfilmentDeps } from './fulfilment.ts';
import { CHECKOUT_SESSION_PLACEHOLDER, type PaymentsPort, PaymentsError } from './port.ts';
import type { ReturnOrigin } from './returnOrigin.ts';

export interface CheckoutDeps extends FulfilmentDeps {
  payments: PaymentsPort;
  /** The origin success and cancel URLs return to; routes set it per request through `returnOrigin`. */
  publicUrl: string;
  /** Picks the app's own origin a request came through (see returnOrigin.ts). */
  returnOrigin?: ReturnOrigin;
}

export interface CheckoutRequest {
  uid: string;
  amountCents: number;
  discountCode: string | null;
  creditsCents: number;
}

export interface StartedCheckout {
  url: string;
  amountCents: number;
}

export const ALREADY_PAID_MESSAGE = 'This browser already has full access: there is nothing to pay.';
export const NOT_ENOUGH_CREDITS_MESSAGE = 'You do not have enough credits for that amount.';
const PROVIDER_DOWN_MESSAGE = 'Failed to create checkout session';

const TTL_MS = CHECKOUT_SESSION_TTL_MINUTES * 60_000;
const DESCRIPTION = 'Essay Studio Full Access';

export async function assertNotPaid(db: Kysely<Database>, uid: string): Promise<void> {
  if ((await findPlan(db, uid)) === 'paid') throw new HttpError(409, 'already_paid', ALREADY_PAID_MESSAGE);
}

/** Gives back what this browser's expired checkouts reserved (lazily, whenever it starts or reads money). */
export const releaseExpired = (deps: Pick<CheckoutDeps, 'db' | 'clock'>, uid: string) =>
  closeUnpaid(deps.db, { uid, expiredBefore: deps.clock() }, 'expired');

export async function startCheckout(deps: CheckoutDeps, request: CheckoutRequest): Promise<StartedCheckout> {
  const { db, clock } = deps;
  await assertNotPaid(db, request.uid);
  await releaseExpired(deps, request.uid);
  const reusable = await findReusableCheckout(db, { ...request, now: clock() });
  if (reusable?.url) return { url: reusable.url, amountCents: reusable.amount_cents };

  const now = clock();
  const id = `co_${randomBytes(16).toString('base64url')}`;
  const free = request.amountCents < STRIPE_MIN_CHARGE_CENTS;
  await db.transaction().execute(async (trx) => {
    if (request.creditsCents > 0 && !(await takeCredits(trx, request.uid, request.creditsCents))) {
      throw new HttpError(409, 'not_enough_credits', NOT_ENOUGH_CREDITS_MESSAGE);
    }
    await insertCheckout(trx, {
      id, provider: free ? 'credits' : deps.payments.kind, uid: request.uid, amount_cents: request.amountCents,
      discount_code: request.discountCode, credits_cents: request.creditsCents, created_at: now,
      expires_at: new Date(now.getTime() + TTL_MS),
    });
  });
  if (free) return grantWithoutCard(deps, id, request.amountCents);
  return openWithProvider(deps, id, request, new Date(now.getTime() + TTL_MS));
}

/** Under Stripe's 50-cent minimum nothing can be charged: the credits pay it all, and it completes at once. */
async function grantWithoutCard(deps: CheckoutDeps, id: string, amountCents: number): Promise<StartedCheckout> {
  await openCheckout(deps.db, id, { sessionId: id, url: null });
  await completeCheckout(deps, id, { paymentIntent: null, completedBy: null, source: 'credits' });
  return { url: `${deps.publicUrl}/thank-you?session_id=${encodeURIComponent(id)}`, amountCents };
}

async function openWithProvider(deps: CheckoutDeps, id: string, request: CheckoutRequest, expiresAt: Date): Promise<StartedCheckout> {
  try {
    const session = await deps.payments.createSession({
      checkoutId: id,
      uid: request.uid,
      amountCents: request.amountCents,
      description: DESCRIPTION,
      successUrl: `${deps.publicUrl}/thank-you?session_id=${CHECKOUT_SESSION_PLACEHOLDER}`,
      cancelUrl: `${deps.publicUrl}/result?checkout=cancelled`,
      expiresAt,
      idempotencyKey: id,
    });
    if (session.url === null) throw new PaymentsError('unavailable', 'The provider answered a session without an address.');
    await openCheckout(deps.db, id, { sessionId: session.id, url: session.url });
    return { url: session.url, amountCents: request.amountCents };
  } catch (error) {
    await closeUnpaid(deps.db, { id }, 'canceled');
    if (error instanceof PaymentsError) throw new HttpError(502, 'payment_provider_unavailable', PROVIDER_DOWN_MESSAGE);
    throw error;
  }
}

export const fullPriceRequest = (uid: string): CheckoutRequest => ({ uid, amountCents: BASE_PRICE_CENTS, discountCode: null, creditsCents: 0 });
