// The payments layer's entry point: the port (Stripe when configured, else the local test checkout) and the
// checkout service built on it. It knows nothing of HTTP: app.ts registers the routes that call it.
import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { createKeyedQueue } from './keyedQueue.ts';
import { createLocalCheckout, type LocalCheckout } from './localCheckout.ts';
import { type PaymentEventSink, recordPaymentEvents } from './paymentEvents.ts';
import type { PaymentsPort } from './port.ts';
import type { CheckoutDeps } from './startCheckout.ts';
import { createStripeAdapter } from './stripeAdapter.ts';

export type { PaymentEvent, PaymentEventSink } from './paymentEvents.ts';
export type { PaymentsPort } from './port.ts';

export interface PaymentsOptions {
  config: Config;
  db: Kysely<Database>;
  clock: () => Date;
  /** Tests inject an adapter (Stripe pointed at a local fake); by default it follows the configuration. */
  payments?: PaymentsPort;
  events?: PaymentEventSink;
  /** Where the default events sink reports a failure to record. */
  log: FastifyBaseLogger;
}

/** The local test checkout, whose pages the app serves itself. */
export const isLocalCheckout = (port: PaymentsPort): port is LocalCheckout => port.kind === 'local';

/** The Stripe adapter, whose client the webhook route uses to check signatures. */
export const isStripePort = (port: PaymentsPort): port is PaymentsPort & { readonly stripe: Stripe } =>
  port.kind === 'stripe' && 'stripe' in port;

export function createPaymentsPort(options: Pick<PaymentsOptions, 'config' | 'db' | 'clock'>): PaymentsPort {
  const stripe = options.config.payments.stripe;
  if (stripe) return createStripeAdapter({ secretKey: stripe.secretKey, api: stripe.api, timeoutMs: stripe.timeoutMs });
  return createLocalCheckout({ db: options.db, publicUrl: options.config.publicUrl, clock: options.clock });
}

/** The checkout service every payments route shares: the port, the database, the clock and where events go. */
export function createCheckoutService(options: PaymentsOptions): CheckoutDeps {
  const { config, db, clock } = options;
  return {
    db, clock,
    payments: options.payments ?? createPaymentsPort(options),
    publicUrl: config.publicUrl,
    referralRewardCents: config.payments.referralRewardCents,
    events: options.events ?? recordPaymentEvents(db, clock, options.log),
    queue: createKeyedQueue(),
  };
}
