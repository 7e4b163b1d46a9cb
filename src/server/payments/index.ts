// Everything of payments the app registers, in one call from buildApp: the port (Stripe when
// configured, else the local test checkout), the checkout, discount and referral routes, and the adapter's
// own routes (the local checkout's pages, or Stripe's webhook).
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import type { Config } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { checkoutRoutes } from '../routes/checkout.ts';
import { discountRoutes } from '../routes/discounts.ts';
import { localCheckoutRoutes } from '../routes/localCheckout.ts';
import { referralRoutes } from '../routes/referrals.ts';
import { stripeWebhookRoutes } from '../routes/stripeWebhook.ts';
import type { LimitStore } from '../limits/limitStore.ts';
import { createCodeGuessGuard } from './codeGuesses.ts';
import { createKeyedQueue } from './keyedQueue.ts';
import { createLocalCheckout, type LocalCheckout } from './localCheckout.ts';
import { startSweeper } from './sweeper.ts';
import { type PaymentEventSink, recordPaymentEvents } from './paymentEvents.ts';
import type { PaymentsPort } from './port.ts';
import { createReturnOrigin } from './returnOrigin.ts';
import type { CheckoutDeps } from './startCheckout.ts';
import { createStripeAdapter } from './stripeAdapter.ts';

export type { PaymentEvent, PaymentEventSink } from './paymentEvents.ts';
export type { PaymentsPort } from './port.ts';

/** Per IP per minute, for each call that checks or hands out a code: enough for a student, slow for a guesser. */
export const CODE_CALLS_PER_MINUTE = 20;

export interface PaymentsOptions {
  config: Config;
  db: Kysely<Database>;
  clock: () => Date;
  /** Tests inject an adapter (Stripe pointed at a local fake); by default it follows the configuration. */
  payments?: PaymentsPort;
  events?: PaymentEventSink;
  /** Where wrong discount codes are counted (the app's shared limit store). */
  limits: LimitStore;
}

type StripePort = PaymentsPort & { readonly stripe: Stripe };

export function createPaymentsPort(options: Pick<PaymentsOptions, 'config' | 'db' | 'clock'>): PaymentsPort {
  const stripe = options.config.payments.stripe;
  if (stripe) return createStripeAdapter({ secretKey: stripe.secretKey, api: stripe.api });
  return createLocalCheckout({ db: options.db, publicUrl: options.config.publicUrl, clock: options.clock });
}

export async function registerPayments(app: FastifyInstance, options: PaymentsOptions): Promise<void> {
  const { config, db, clock } = options;
  const payments = options.payments ?? createPaymentsPort(options);
  const checkout: CheckoutDeps = {
    db, clock, payments,
    publicUrl: config.publicUrl,
    returnOrigin: createReturnOrigin(config.ownOrigins),
    referralRewardCents: config.payments.referralRewardCents,
    events: options.events ?? recordPaymentEvents(db, clock, app.log),
    queue: createKeyedQueue(),
  };
  await app.register(checkoutRoutes, { checkout });
  await app.register(discountRoutes, {
    checkout, guesses: createCodeGuessGuard(options.limits), perMinute: CODE_CALLS_PER_MINUTE,
  });
  startSweeper(app, checkout);
  await app.register(referralRoutes, { checkout, perMinute: CODE_CALLS_PER_MINUTE });
  if (payments.kind === 'local') {
    await app.register(localCheckoutRoutes, { local: payments as LocalCheckout, fulfilment: checkout });
  } else if (config.payments.stripe && 'stripe' in payments) {
    await app.register(stripeWebhookRoutes, {
      stripe: (payments as StripePort).stripe, webhookSecret: config.payments.stripe.webhookSecret, fulfilment: checkout,
    });
  }
}
