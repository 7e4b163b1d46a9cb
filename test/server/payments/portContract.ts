// The contract both payments adapters meet (the local test checkout and Stripe against its fake).
import { describe, expect, it } from 'vitest';
import type { CreateSessionInput, PaymentsPort } from '../../../src/server/payments/port.ts';
import { PaymentsError } from '../../../src/server/payments/port.ts';

export interface AdapterHarness {
  port: PaymentsPort;
  /** Pays the session the way a student would on the provider's page. */
  pay(id: string): Promise<void>;
}

const input = (overrides: Partial<CreateSessionInput> = {}): CreateSessionInput => ({
  checkoutId: 'co_contract',
  uid: 'uid-contract-123',
  amountCents: 4900,
  description: 'Essay Studio Full Access',
  successUrl: 'http://localhost:8080/thank-you?session_id={CHECKOUT_SESSION_ID}',
  cancelUrl: 'http://localhost:8080/result',
  expiresAt: new Date(Date.now() + 30 * 60_000),
  idempotencyKey: `key-${Math.random()}`,
  ...overrides,
});

export function paymentsPortContract(name: string, setup: () => Promise<AdapterHarness>): void {
  describe(`the payments port contract: ${name}`, () => {
    it('creates an open, unpaid session for the amount, bound to the uid, with an address to pay at', async () => {
      const { port } = await setup();
      const created = await port.createSession(input({ amountCents: 2900 }));
      expect(created).toMatchObject({ status: 'open', paid: false, amountCents: 2900, uid: 'uid-contract-123' });
      expect(created.url).toMatch(/^https?:\/\//);
      expect(await port.retrieveSession(created.id)).toMatchObject({ id: created.id, status: 'open', paid: false, amountCents: 2900 });
    });

    it('answers the same session to a retried create with the same idempotency key', async () => {
      const { port } = await setup();
      const first = await port.createSession(input({ idempotencyKey: 'same-key' }));
      const again = await port.createSession(input({ idempotencyKey: 'same-key' }));
      expect(again.id).toBe(first.id);
    });

    it('reports a paid session as complete and paid, with a payment id', async () => {
      const harness = await setup();
      const created = await harness.port.createSession(input());
      await harness.pay(created.id);
      const paid = await harness.port.retrieveSession(created.id);
      expect(paid).toMatchObject({ status: 'complete', paid: true });
      expect(paid.paymentIntent).toEqual(expect.any(String));
    });

    it('expires an open session, which then cannot be paid', async () => {
      const { port } = await setup();
      const created = await port.createSession(input());
      await port.expireSession(created.id);
      expect(await port.retrieveSession(created.id)).toMatchObject({ status: 'expired', paid: false });
    });

    it('refunds a paid session once per idempotency key, answering the same refund to a retry', async () => {
      const harness = await setup();
      const created = await harness.port.createSession(input());
      await harness.pay(created.id);
      const { paymentIntent } = await harness.port.retrieveSession(created.id);
      const refund = await harness.port.refundPayment({ paymentIntent: paymentIntent ?? '', idempotencyKey: 'refund_co_contract' });
      expect(refund.id).toEqual(expect.any(String));
      expect(await harness.port.refundPayment({ paymentIntent: paymentIntent ?? '', idempotencyKey: 'refund_co_contract' })).toEqual(refund);
    });

    it('throws not_found for an unknown session id', async () => {
      const { port } = await setup();
      const error = await port.retrieveSession('cs_unknown_0000000000').catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PaymentsError);
      expect((error as PaymentsError).kind).toBe('not_found');
    });
  });
}
