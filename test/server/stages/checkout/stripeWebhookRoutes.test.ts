import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { App } from '../../../../src/server/app.ts';
import { createStripeAdapter } from '../../../../src/server/payments/stripeAdapter.ts';
import { testDatabases } from '../../databases.ts';
import { startSession, TEST_ORIGIN } from '../../helper.ts';
import { startFakeStripe } from '../../payments/fakeStripe.ts';
import { buildPaymentsApp } from '../../payments/paymentsApp.ts';

const SECRET = 'whsec_testsecret0123456789';
const stripeEnv = { STRIPE_SECRET_KEY: 'sk_test_fake123', STRIPE_WEBHOOK_SECRET: SECRET };

async function stripeApp(target: (typeof testDatabases)[number]) {
  const fake = await startFakeStripe();
  const built = await buildPaymentsApp(target, { env: stripeEnv, payments: createStripeAdapter({ secretKey: 'sk_test_fake123', api: fake.api }) });
  return { ...built, fake };
}

function deliver(app: App, event: object, secret = SECRET) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  // No Origin header: Stripe is not a browser, and the route is exempt from the Origin check anyway.
  return app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
}

const event = (id: string, type: string, object: object) => ({ id, object: 'event', type, data: { object } });

async function startStripeCheckout(app: App, cookie: string): Promise<string> {
  const started = await app.inject({ method: 'POST', url: '/api/checkout/upgrade', headers: { origin: TEST_ORIGIN, cookie } });
  expect(started.headers.location).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
  return String(started.headers.location).split('/').at(-1) ?? '';
}

const whoami = async (app: App, cookie: string) =>
  (await app.inject({ method: 'GET', url: '/api/whoami', headers: { cookie } })).json<{ plan: string }>().plan;

describe.each(testDatabases)('Stripe checkout and webhook on $name', (target) => {
  it('grants the plan on checkout.session.completed, once however often it is delivered', async () => {
    const { app, events } = await stripeApp(target);
    const { cookie } = await startSession(app);
    const id = await startStripeCheckout(app, cookie);
    const completed = event('evt_1', 'checkout.session.completed', { id, object: 'checkout.session', payment_status: 'paid', payment_intent: 'pi_1' });
    const first = await deliver(app, completed);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect((await deliver(app, completed)).json()).toEqual({ received: true, duplicate: true });
    expect(await whoami(app, cookie)).toBe('paid');
    expect(events).toEqual([expect.objectContaining({ name: 'purchase', source: 'webhook', params: expect.objectContaining({ transaction_id: id, value: 49 }) })]);
  });

  it('refuses a bad signature, a missing one and a body signed with another secret, granting nothing', async () => {
    const { app } = await stripeApp(target);
    const { cookie } = await startSession(app);
    const id = await startStripeCheckout(app, cookie);
    const completed = event('evt_2', 'checkout.session.completed', { id, payment_status: 'paid' });
    const forged = await deliver(app, completed, 'whsec_someoneelse000');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ error: 'The webhook signature does not match.', code: 'invalid_signature' });
    const unsigned = await app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(completed) });
    expect(unsigned.statusCode).toBe(400);
    expect(await whoami(app, cookie)).toBe('free');
  });

  it('a refund or dispute revokes the plan; a refund that arrives before the completion still wins', async () => {
    const { app } = await stripeApp(target);
    const buyer = await startSession(app);
    const id = await startStripeCheckout(app, buyer.cookie);
    await deliver(app, event('evt_3', 'checkout.session.completed', { id, payment_status: 'paid', payment_intent: 'pi_3' }));
    await deliver(app, event('evt_4', 'charge.refunded', { id: 'ch_4', object: 'charge', payment_intent: 'pi_3' }));
    expect(await whoami(app, buyer.cookie)).toBe('free');

    const late = await startSession(app);
    const lateId = await startStripeCheckout(app, late.cookie);
    await deliver(app, event('evt_5', 'charge.dispute.created', { id: 'dp_5', object: 'dispute', payment_intent: 'pi_5' }));
    await deliver(app, event('evt_6', 'checkout.session.completed', { id: lateId, payment_status: 'paid', payment_intent: 'pi_5' }));
    expect(await whoami(app, late.cookie)).toBe('free');
    const verified = await app.inject({ method: 'GET', url: `/api/verify-session?session_id=${lateId}`, headers: { cookie: late.cookie } });
    expect(verified.statusCode).toBe(402);
  });

  it('an expiry event releases reserved credits and an expiry after the completion changes nothing', async () => {
    const { app, database } = await stripeApp(target);
    const { uid, cookie } = await startSession(app);
    await app.inject({ method: 'GET', url: '/api/referrals/info', headers: { cookie } });
    await database.db.updateTable('referral_accounts').set({ credits_cents: 500 }).where('uid', '=', uid).execute();
    const created = await app.inject({ method: 'POST', url: '/api/referrals/apply-credits', headers: { cookie, origin: 'http://localhost:8080' }, payload: { credits_to_use: 500 } });
    const id = created.json<{ checkout_url: string }>().checkout_url.split('/').at(-1) ?? '';
    await deliver(app, event('evt_7', 'checkout.session.expired', { id, payment_status: 'unpaid' }));
    const balance = await app.inject({ method: 'GET', url: '/api/referrals/info', headers: { cookie } });
    expect(balance.json().credits_available).toBe(500);

    const fullId = await startStripeCheckout(app, cookie);
    await deliver(app, event('evt_8', 'checkout.session.completed', { id: fullId, payment_status: 'paid', payment_intent: 'pi_8' }));
    await deliver(app, event('evt_9', 'checkout.session.expired', { id: fullId }));
    expect(await whoami(app, cookie)).toBe('paid');
  });

  it('verify-session asks Stripe when the webhook has not arrived; unpaid is 402, Stripe down is 502', async () => {
    const { app, fake } = await stripeApp(target);
    const { cookie } = await startSession(app);
    const id = await startStripeCheckout(app, cookie);
    const verify = () => app.inject({ method: 'GET', url: `/api/verify-session?session_id=${id}`, headers: { cookie } });
    expect((await verify()).statusCode).toBe(402);
    fake.failNetwork(true);
    const down = await verify();
    expect(down.statusCode).toBe(502);
    expect(down.json()).toMatchObject({ code: 'payment_provider_unavailable' });
    fake.failNetwork(false);
    fake.pay(id);
    expect((await verify()).json()).toMatchObject({ plan: 'paid', transaction_id: id, value: 49 });
  });

  it('answers 502 ‘Failed to create checkout session’ when Stripe cannot create a session', async () => {
    const { app, fake } = await stripeApp(target);
    const { cookie } = await startSession(app);
    fake.failNetwork(true);
    const response = await app.inject({ method: 'POST', url: '/api/checkout/upgrade', headers: { origin: TEST_ORIGIN, cookie, accept: 'application/json' } });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ error: 'Failed to create checkout session', code: 'payment_provider_unavailable' });
  });
});
