// Stripe Checkout behind the payments port. The SDK talks to api.stripe.com, or in tests to a local fake of
// its HTTP API (host/port/protocol). Creation carries an idempotency key, so a retried request never opens a
// second session; every SDK failure leaves as a PaymentsError the routes turn into 404 or 502.
import Stripe from 'stripe';
import { CURRENCY } from '../../common/money/pricing.ts';
import { STRIPE_DEFAULT_TIMEOUT_MS } from './paymentsConfig.ts';
import { type PaymentsPort, PaymentsError, type ProviderSession } from './port.ts';

export interface StripeAdapterOptions {
  secretKey: string;
  /** Tests point the SDK at a local fake of Stripe's HTTP API. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
  /** Each attempt's bound (the SDK's `timeout`); default STRIPE_DEFAULT_TIMEOUT_MS. */
  timeoutMs?: number;
}


/** Stripe refuses an expiry under 30 minutes after its own clock's creation time: a minute of slack. */
const STRIPE_MIN_EXPIRY_MS = 31 * 60_000;

type StripeSession = Awaited<ReturnType<Stripe['checkout']['sessions']['retrieve']>>;

/** The id of a field Stripe sends as an id or as the expanded object. */
export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

function toSession(session: StripeSession): ProviderSession {
  return {
    id: session.id,
    url: session.url ?? null,
    status: session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
    paid: session.payment_status === 'paid' || session.payment_status === 'no_payment_required',
    amountCents: session.amount_total ?? 0,
    uid: session.client_reference_id ?? '',
    paymentIntent: idOf(session.payment_intent),
  };
}

function toPaymentsError(error: unknown): PaymentsError {
  const stripeError = error as { type?: string; statusCode?: number; message?: string };
  if (stripeError.type === 'StripeInvalidRequestError' && stripeError.statusCode === 404) {
    return new PaymentsError('not_found', 'No such checkout session.', { cause: error });
  }
  return new PaymentsError('unavailable', 'The card payment service could not be reached.', { cause: error });
}

/**
 * A call to Stripe that does not answer is abandoned after `timeoutMs` and, against the real Stripe, tried once
 * more (with its idempotency key, so never twice in effect): a hung Stripe costs a request at most two
 * timeouts and leaves as a 502, never a hang.
 */
export function createStripeClient(options: StripeAdapterOptions): Stripe {
  return new Stripe(options.secretKey, {
    maxNetworkRetries: options.api ? 0 : 1,
    timeout: options.timeoutMs ?? STRIPE_DEFAULT_TIMEOUT_MS,
    ...(options.api ?? {}),
  });
}

export function createStripeAdapter(options: StripeAdapterOptions): PaymentsPort & { readonly stripe: Stripe } {
  const stripe = createStripeClient(options);
  const call = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      throw toPaymentsError(error);
    }
  };

  return {
    kind: 'stripe',
    stripe,
    createSession: (input) => call(async () => toSession(await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{
        quantity: 1,
        price_data: { currency: CURRENCY.toLowerCase(), unit_amount: input.amountCents, product_data: {
          name: input.description, ...(input.priceNote ? { description: input.priceNote } : {}),
        } },
      }],
      client_reference_id: input.uid,
      metadata: { checkout_id: input.checkoutId },
      payment_intent_data: { metadata: { checkout_id: input.checkoutId } },
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      expires_at: Math.floor(Math.max(input.expiresAt.getTime(), Date.now() + STRIPE_MIN_EXPIRY_MS) / 1000),
    }, { idempotencyKey: input.idempotencyKey }))),
    retrieveSession: (id) => call(async () => toSession(await stripe.checkout.sessions.retrieve(id))),
    expireSession: (id) => call(async () => {
      const session = await stripe.checkout.sessions.retrieve(id);
      if (session.status === 'open') await stripe.checkout.sessions.expire(id);
    }),
    refundPayment: (input) => call(async () => {
      const refund = await stripe.refunds.create({ payment_intent: input.paymentIntent }, { idempotencyKey: input.idempotencyKey });
      return { id: refund.id };
    }),
  };
}
