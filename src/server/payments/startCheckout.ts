// Starting a checkout: the server computes the price (full, launch code, or credits), and in one transaction
// under the browser's lock closes the browser's open checkout (what it held moves to the new one), reserves
// what the new one uses (credits off the balance, the code by a conditional update) and records it; then it
// asks the provider for a session bound to the browser's uid. So a browser has at most one payable checkout,
// and a paid browser never pays twice.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  BASE_PRICE_CENTS, CHECKOUT_SESSION_TTL_MINUTES, formatDollars, LAUNCH_DISCOUNT_CENTS, LAUNCH_PRICE_CENTS,
  STRIPE_MIN_CHARGE_CENTS,
} from '../../common/money/pricing.ts';
import {
  type ClosedCheckout, closeCheckouts, findReusableCheckout, insertCheckout, lockBrowser, openCheckout,
} from '../db/checkoutSessions.ts';
import { findOwnUsableCode, reserveCode } from '../db/discountCodes.ts';
import { findPlan } from '../db/entitlements.ts';
import { takeCredits } from '../db/referrals.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { KIB, type StorageBudget, type StoredAmount } from '../limits/budgets.ts';
import { CODE_USED_MESSAGE } from './discounts.ts';
import { completeCheckout } from './checkoutGate.ts';
import { closeUnpaid, type FulfilmentDeps, giveBack } from './fulfilment.ts';
import type { KeyedQueue } from './keyedQueue.ts';
import { CHECKOUT_SESSION_PLACEHOLDER, type PaymentsPort, PaymentsError } from './port.ts';

export interface CheckoutDeps extends FulfilmentDeps {
  payments: PaymentsPort;
  /** The origin success and cancel URLs return to; routes set it per request to the origin it came through. */
  publicUrl: string;
  /** One start per browser at a time in this process (optional: the database lock alone is also correct). */
  queue?: KeyedQueue;
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
export const REPLACED_MESSAGE = 'A newer checkout was started in this browser. Please use that one.';
/** Where a paid checkout returns, with the provider's session id as `session_id`. */
export const THANK_YOU_PATH = '/thank-you';
const PROVIDER_DOWN_MESSAGE = 'Failed to create checkout session';

/** What one start may add: its checkout row and the provider's session row (the local checkout's), under 2 KB. */
export const CHECKOUT_START: StoredAmount = { bytes: 2 * KIB, rows: 2 };
/**
 * The daily storage every way of starting a checkout shares (Upgrade, a launch code, credits): a student opens
 * the payment page a few times, goes back, tries a code or credits; 60 starts leave room for every retry, and
 * each may add up to 3 rows (a start with credits may open the browser's referral account).
 */
export const CHECKOUT_STORAGE: StorageBudget = {
  what: 'checkouts', counter: 'checkout-starts', perBrowser: { bytes: 60 * 3 * KIB, rows: 60 * 3 },
};

const TTL_MS = CHECKOUT_SESSION_TTL_MINUTES * 60_000;
const DESCRIPTION = 'Essay Studio Full Access';

export async function assertNotPaid(db: Kysely<Database>, uid: string): Promise<void> {
  if ((await findPlan(db, uid)) === 'paid') throw new HttpError(409, 'already_paid', ALREADY_PAID_MESSAGE);
}

/** Gives back what this browser's expired checkouts reserved (whenever it starts or reads money). */
export const releaseExpired = (deps: Pick<CheckoutDeps, 'db' | 'clock'>, uid: string) =>
  closeUnpaid(deps.db, { uid, expiredBefore: deps.clock() }, 'expired');

/** What lowered the price, in the words the payment page shows under the amount. */
export function priceNote(request: Pick<CheckoutRequest, 'discountCode' | 'creditsCents'>): string | undefined {
  const full = formatDollars(BASE_PRICE_CENTS);
  if (request.discountCode !== null) return `Launch code ${request.discountCode} applied: ${full} less ${formatDollars(LAUNCH_DISCOUNT_CENTS)}.`;
  if (request.creditsCents > 0) return `${formatDollars(request.creditsCents)} of referral credits applied: ${full} less ${formatDollars(request.creditsCents)}.`;
  return undefined;
}

export function startCheckout(deps: CheckoutDeps, request: CheckoutRequest): Promise<StartedCheckout> {
  return deps.queue ? deps.queue(request.uid, () => start(deps, request)) : start(deps, request);
}

type Prepared = { reuse: StartedCheckout } | { id: string; expiresAt: Date; replaced: ClosedCheckout[] };

async function start(deps: CheckoutDeps, request: CheckoutRequest): Promise<StartedCheckout> {
  const { db, clock } = deps;
  await assertNotPaid(db, request.uid);
  const now = clock();
  const id = `co_${randomBytes(16).toString('base64url')}`;
  const expiresAt = new Date(now.getTime() + TTL_MS);
  const free = request.amountCents < STRIPE_MIN_CHARGE_CENTS;
  const prepared = await db.transaction().execute(async (trx): Promise<Prepared> => {
    await lockBrowser(trx, request.uid);
    await assertNotPaid(trx, request.uid);
    const reusable = await findReusableCheckout(trx, { ...request, now });
    if (reusable?.url) return { reuse: { url: reusable.url, amountCents: reusable.amount_cents } };
    await giveBack(trx, await closeCheckouts(trx, { uid: request.uid, expiredBefore: now }, { status: 'expired', reason: 'expired' }));
    const replaced = await closeCheckouts(trx, { uid: request.uid }, { status: 'canceled', reason: 'replaced' });
    await giveBack(trx, replaced);
    if (request.creditsCents > 0 && !(await takeCredits(trx, request.uid, request.creditsCents))) {
      throw new HttpError(409, 'not_enough_credits', NOT_ENOUGH_CREDITS_MESSAGE);
    }
    await insertCheckout(trx, {
      id, provider: free ? 'credits' : deps.payments.kind, uid: request.uid, amount_cents: request.amountCents,
      discount_code: request.discountCode, credits_cents: request.creditsCents, created_at: now, expires_at: expiresAt,
    });
    if (request.discountCode !== null
      && !(await reserveCode(trx, { code: request.discountCode, uid: request.uid, checkoutId: id, now }))) {
      throw new HttpError(409, 'discount_code_taken', CODE_USED_MESSAGE);
    }
    return { id, expiresAt, replaced };
  });
  if ('reuse' in prepared) return prepared.reuse;
  await expireAtProvider(deps, prepared.replaced);
  if (free) return grantWithoutCard(deps, id, request.amountCents);
  return openWithProvider(deps, id, request, expiresAt);
}

/** Replaced checkouts' provider sessions close too, so an older tab cannot pay them (best effort: a payment
 * that still slips through is refunded when it completes). */
export async function expireAtProvider(deps: Pick<CheckoutDeps, 'payments'>, closed: readonly ClosedCheckout[]): Promise<void> {
  for (const row of closed) {
    if (row.provider_session_id === null || row.provider !== deps.payments.kind) continue;
    try {
      await deps.payments.expireSession(row.provider_session_id);
    } catch {
      // Unreachable provider: its own expiry closes the session later.
    }
  }
}

/** Under Stripe's 50-cent minimum nothing can be charged: the credits pay it all, and it completes at once. */
async function grantWithoutCard(deps: CheckoutDeps, id: string, amountCents: number): Promise<StartedCheckout> {
  // Replaced by another instance's start since its transaction: that one gave its credits back; nothing to grant.
  if (!(await openCheckout(deps.db, id, { sessionId: id, url: null }))) throw new HttpError(409, 'checkout_replaced', REPLACED_MESSAGE);
  await completeCheckout(deps, id, { paymentIntent: null, completedBy: null, source: 'credits' });
  return { url: `${deps.publicUrl}${THANK_YOU_PATH}?session_id=${encodeURIComponent(id)}`, amountCents };
}

async function openWithProvider(deps: CheckoutDeps, id: string, request: CheckoutRequest, expiresAt: Date): Promise<StartedCheckout> {
  let sessionId: string | undefined;
  try {
    const session = await deps.payments.createSession({
      checkoutId: id,
      uid: request.uid,
      amountCents: request.amountCents,
      description: DESCRIPTION,
      priceNote: priceNote(request),
      successUrl: `${deps.publicUrl}${THANK_YOU_PATH}?session_id=${CHECKOUT_SESSION_PLACEHOLDER}`,
      cancelUrl: `${deps.publicUrl}/api/checkout/cancel?checkout_id=${id}`,
      expiresAt,
      idempotencyKey: id,
    });
    sessionId = session.id;
    if (session.url === null) throw new PaymentsError('unavailable', 'The provider answered a session without an address.');
    if (!(await openCheckout(deps.db, id, { sessionId: session.id, url: session.url }))) {
      // Another instance replaced this checkout while the provider was creating it: it must never be payable.
      await deps.payments.expireSession(session.id).catch(() => undefined);
      throw new HttpError(409, 'checkout_replaced', REPLACED_MESSAGE);
    }
    return { url: session.url, amountCents: request.amountCents };
  } catch (error) {
    await closeUnpaid(deps.db, { id }, 'canceled');
    if (sessionId !== undefined && !(error instanceof HttpError)) await deps.payments.expireSession(sessionId).catch(() => undefined);
    if (error instanceof PaymentsError) throw new HttpError(502, 'payment_provider_unavailable', PROVIDER_DOWN_MESSAGE);
    throw error;
  }
}

/** What Upgrade charges: the launch price when this browser holds a valid code of its own, else the full price. */
export async function upgradeRequest(deps: Pick<CheckoutDeps, 'db' | 'clock'>, uid: string): Promise<CheckoutRequest> {
  const code = await findOwnUsableCode(deps.db, uid, deps.clock());
  return code
    ? { uid, amountCents: LAUNCH_PRICE_CENTS, discountCode: code.code, creditsCents: 0 }
    : { uid, amountCents: BASE_PRICE_CENTS, discountCode: null, creditsCents: 0 };
}
