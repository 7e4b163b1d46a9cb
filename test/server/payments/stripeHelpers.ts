// A payments app on Stripe pointed at the local fake, and signed webhook deliveries, for the Stripe suites.
import Stripe from 'stripe';
import type { App } from '../../../src/server/app.ts';
import { createStripeAdapter } from '../../../src/server/payments/stripeAdapter.ts';
import type { TestDatabase } from '../databases.ts';
import { startFakeStripe } from './fakeStripe.ts';
import { buildPaymentsApp } from './paymentsApp.ts';

export const WEBHOOK_SECRET = 'whsec_testsecret0123456789';
const stripeEnv = { STRIPE_SECRET_KEY: 'sk_test_fake123', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET };

export async function stripeApp(target: TestDatabase, options: { env?: Record<string, string>; recordEvents?: boolean } = {}) {
  const fake = await startFakeStripe();
  const built = await buildPaymentsApp(target, {
    env: { ...stripeEnv, ...options.env }, recordEvents: options.recordEvents,
    payments: createStripeAdapter({ secretKey: 'sk_test_fake123', api: fake.api }),
  });
  return { ...built, fake };
}

export function deliver(app: App, event: object) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
}

export const stripeEvent = (id: string, type: string, object: object) => ({ id, object: 'event', type, data: { object } });

/** The completion Stripe sends once the fake's session `id` is paid. */
export const completed = (eventId: string, session: { id: string; payment_intent: string | null }) =>
  stripeEvent(eventId, 'checkout.session.completed', { id: session.id, object: 'checkout.session', payment_status: 'paid', payment_intent: session.payment_intent });

export const sessionIdOf = (location: string): string => location.split('/').at(-1) ?? '';

export const whoami = async (app: App, cookie: string) =>
  (await app.inject({ method: 'GET', url: '/api/whoami', headers: { cookie } })).json<{ plan: string }>().plan;

export const verify = (app: App, sessionId: string, cookie: string) =>
  app.inject({ method: 'GET', url: `/api/verify-session?session_id=${sessionId}`, headers: { cookie } });
