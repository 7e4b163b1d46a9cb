import { describe, expect, it } from 'vitest';
import { migrate } from '../../../src/server/db/migrate.ts';
import { createLocalCheckout } from '../../../src/server/payments/localCheckout.ts';
import { PaymentsError } from '../../../src/server/payments/port.ts';
import { createStripeAdapter } from '../../../src/server/payments/stripeAdapter.ts';
import { testDatabases } from '../databases.ts';
import { startFakeStripe } from './fakeStripe.ts';
import { paymentsPortContract } from './portContract.ts';

for (const target of testDatabases) {
  paymentsPortContract(`local test checkout on ${target.name}`, async () => {
    const database = await target.open();
    await migrate(database.db);
    const { onTestFinished } = await import('vitest');
    onTestFinished(() => database.close());
    const local = createLocalCheckout({ db: database.db, publicUrl: 'http://localhost:8080', clock: () => new Date() });
    return { port: local, pay: async (id) => { await local.pay(id); } };
  });
}

paymentsPortContract('Stripe against the fake Stripe API', async () => {
  const fake = await startFakeStripe();
  const port = createStripeAdapter({ secretKey: 'sk_test_fake', api: fake.api });
  return { port, pay: async (id) => { fake.pay(id); } };
});

describe('the Stripe adapter', () => {
  it('sends the price, client_reference_id, success and cancel URLs, expiry and idempotency key', async () => {
    const fake = await startFakeStripe();
    const port = createStripeAdapter({ secretKey: 'sk_test_fake', api: fake.api });
    const expiresAt = new Date(Date.now() + 31 * 60_000);
    await port.createSession({
      checkoutId: 'co_1', uid: 'uid-abcdefgh', amountCents: 4900, description: 'Essay Studio Full Access',
      successUrl: 'http://localhost:8080/thank-you?session_id={CHECKOUT_SESSION_ID}', cancelUrl: 'http://localhost:8080/result',
      expiresAt, idempotencyKey: 'co_1',
    });
    const sent = fake.creates[0];
    expect(sent?.get('mode')).toBe('payment');
    expect(sent?.get('line_items[0][price_data][unit_amount]')).toBe('4900');
    expect(sent?.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(sent?.get('client_reference_id')).toBe('uid-abcdefgh');
    expect(sent?.get('success_url')).toBe('http://localhost:8080/thank-you?session_id={CHECKOUT_SESSION_ID}');
    expect(sent?.get('cancel_url')).toBe('http://localhost:8080/result');
    expect(sent?.get('metadata[checkout_id]')).toBe('co_1');
    expect(Number(sent?.get('expires_at'))).toBeGreaterThanOrEqual(Math.floor(expiresAt.getTime() / 1000));
  });

  it('sends a refund with its idempotency key, and the note on what lowered the price as the product description', async () => {
    const fake = await startFakeStripe();
    const port = createStripeAdapter({ secretKey: 'sk_test_fake', api: fake.api });
    await port.createSession({
      checkoutId: 'co_3', uid: 'uid-abcdefgh', amountCents: 2900, description: 'Essay Studio Full Access', priceNote: 'Launch code applied.',
      successUrl: 'http://a/s', cancelUrl: 'http://a/c', expiresAt: new Date(Date.now() + 31 * 60_000), idempotencyKey: 'co_3',
    });
    expect(fake.creates[0]?.get('line_items[0][price_data][product_data][description]')).toBe('Launch code applied.');
    await port.refundPayment({ paymentIntent: 'pi_123', idempotencyKey: 'refund_co_3' });
    expect(fake.refundCalls).toEqual([{ paymentIntent: 'pi_123', idempotencyKey: 'refund_co_3' }]);
  });

  it('reports a declined (still unpaid) session as open and unpaid', async () => {
    const fake = await startFakeStripe();
    const port = createStripeAdapter({ secretKey: 'sk_test_fake', api: fake.api });
    const created = await port.createSession({
      checkoutId: 'co_2', uid: 'uid-abcdefgh', amountCents: 4900, description: 'x', successUrl: 'http://a/s', cancelUrl: 'http://a/c',
      expiresAt: new Date(Date.now() + 31 * 60_000), idempotencyKey: 'co_2',
    });
    expect(await port.retrieveSession(created.id)).toMatchObject({ status: 'open', paid: false });
  });

  it('turns a network error into an unavailable PaymentsError', async () => {
    const fake = await startFakeStripe();
    const port = createStripeAdapter({ secretKey: 'sk_test_fake', api: fake.api });
    fake.failNetwork(true);
    const error = await port.retrieveSession('cs_test_123').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PaymentsError);
    expect((error as PaymentsError).kind).toBe('unavailable');
  });
});
