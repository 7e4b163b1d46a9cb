// A Stripe that accepts the connection and never answers: the checkout gives up after the SDK's timeout and
// answers a readable 502 (the student can try again), instead of holding the request as long as Stripe is silent.
import { describe, expect, it } from 'vitest';
import { createStripeAdapter } from '../../../src/server/payments/stripeAdapter.ts';
import { testDatabases } from '../databases.ts';
import { startSession } from '../helper.ts';
import { startFakeStripe } from './fakeStripe.ts';
import { upgrade } from './moneyHelpers.ts';
import { buildPaymentsApp } from './paymentsApp.ts';
import { WEBHOOK_SECRET } from './stripeHelpers.ts';

const TIMEOUT_MS = 500;

describe('a Stripe that hangs', () => {
  it('fails the checkout within its timeout with a readable 502, and a later one succeeds', async () => {
    const fake = await startFakeStripe();
    const { app } = await buildPaymentsApp(testDatabases[0]!, {
      env: { STRIPE_SECRET_KEY: 'sk_test_fake123', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
      payments: createStripeAdapter({ secretKey: 'sk_test_fake123', api: fake.api, timeoutMs: TIMEOUT_MS }),
    });
    const { cookie } = await startSession(app);
    fake.hang(true);

    const started = performance.now();
    const response = await upgrade(app, cookie);
    const answerMs = performance.now() - started;
    expect(fake.hungRequests).toBe(1);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ code: 'payment_provider_unavailable', error: expect.stringMatching(/checkout/) });
    expect(answerMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    // The timeout, not Stripe's silence (which lasts until the fake closes), ends the request.
    expect(answerMs).toBeLessThan(TIMEOUT_MS + 1_500);

    fake.hang(false);
    const retried = await upgrade(app, cookie);
    expect(retried.statusCode).toBe(303);
  });
});
