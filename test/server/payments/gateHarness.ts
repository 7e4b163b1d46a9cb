// The worlds the gate's enumeration runs in: one app on Stripe (pointed at the local fake) and one on the test
// checkout, each shared by a describe, on a clock the tests move past a checkout's 30 minutes. The test
// checkout's Pay can run a step between marking its session paid and settling it (the window in which a
// concurrent Upgrade, Cancel or expiry closes the checkout).
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { App } from '../../../src/server/app.ts';
import type { DatabaseHandle } from '../../../src/server/db/connection.ts';
import { createLocalCheckout, type LocalCheckout } from '../../../src/server/payments/localCheckout.ts';
import type { PaymentEvent, PaymentsPort } from '../../../src/server/payments/index.ts';
import type { CheckoutDeps } from '../../../src/server/payments/startCheckout.ts';
import { createStripeAdapter } from '../../../src/server/payments/stripeAdapter.ts';
import type { TestDatabase } from '../databases.ts';
import { TEST_ORIGIN } from '../helper.ts';
import { useTestApp } from '../useTestApp.ts';
import { createFakeStripeServer, type FakeStripe } from './fakeStripeServer.ts';
import { pay } from './moneyHelpers.ts';
import { completed, deliver, WEBHOOK_SECRET } from './stripeHelpers.ts';

export const CHECKOUT_MINUTES_PASSED = 31 * 60_000;

export interface GateWorld {
  provider: 'stripe' | 'local';
  app: App;
  database: DatabaseHandle;
  events: PaymentEvent[];
  /** The fake Stripe (the Stripe world only). */
  fake: FakeStripe | undefined;
  /** Moves the app's clock on (put back before each test). */
  advance(ms: number): void;
  /** The checkout service the sweeper runs with, on this world's provider, clock and events. */
  deps(): CheckoutDeps;
  /** A newer checkout paid in full, the way this world's provider pays (the plan is then held). */
  payInFull(checkoutUrl: string, cookie: string): Promise<void>;
  /** The test checkout only: runs `step` inside the next Pay, after its session is paid, before it settles. */
  duringNextPay(step: () => Promise<void>): void;
}

let webhookEvents = 0;
export const nextEventId = () => `evt_gate_${(webhookEvents += 1)}`;

function useClock() {
  let offset = 0;
  beforeEach(() => { offset = 0; });
  return { clock: () => new Date(Date.now() + offset), advance: (ms: number) => { offset += ms; } };
}

export function useStripeWorld(target: TestDatabase): () => GateWorld {
  const { clock, advance } = useClock();
  let fake: FakeStripe | undefined;
  let close: () => Promise<void> = async () => undefined;
  beforeAll(async () => { ({ fake, close } = await createFakeStripeServer()); });
  afterAll(() => close());
  const port = (): PaymentsPort => {
    if (!fake) throw new Error('the fake Stripe starts before the app');
    return createStripeAdapter({ secretKey: 'sk_test_fake123', api: fake.api });
  };
  const events: PaymentEvent[] = [];
  beforeEach(() => { events.length = 0; });
  const testApp = useTestApp(target, {
    env: { STRIPE_SECRET_KEY: 'sk_test_fake123', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
    clock, payments: port, paymentEvents: (event) => { events.push(event); },
  });
  return () => {
    const { app, database } = testApp();
    const stripe = fake;
    if (!stripe) throw new Error('the fake Stripe is not running');
    return {
      provider: 'stripe', app, database, events, fake: stripe, advance,
      deps: () => ({ db: database.db, clock, publicUrl: TEST_ORIGIN, referralRewardCents: 500, events: (event) => { events.push(event); }, payments: port() }),
      async payInFull(checkoutUrl) {
        await deliver(app, completed(nextEventId(), stripe.pay(checkoutUrl.split('/').at(-1) ?? '')));
      },
      duringNextPay() { throw new Error('only the test checkout has a Pay button of ours'); },
    };
  };
}

export function useLocalWorld(target: TestDatabase): () => GateWorld {
  const { clock, advance } = useClock();
  let step: (() => Promise<void>) | undefined;
  beforeEach(() => { step = undefined; });
  const events: PaymentEvent[] = [];
  beforeEach(() => { events.length = 0; });
  const testApp = useTestApp(target, {
    clock,
    paymentEvents: (event) => { events.push(event); },
    payments: (db): LocalCheckout => {
      const local = createLocalCheckout({ db, publicUrl: TEST_ORIGIN, clock });
      return {
        ...local,
        async pay(id) {
          const paid = await local.pay(id);
          const pending = step;
          step = undefined;
          if (paid && pending) await pending();
          return paid;
        },
      };
    },
  });
  return () => {
    const { app, database } = testApp();
    return {
      provider: 'local', app, database, events, fake: undefined, advance,
      deps: () => ({
        db: database.db, clock, publicUrl: TEST_ORIGIN, referralRewardCents: 500, events: (event) => { events.push(event); },
        payments: createLocalCheckout({ db: database.db, publicUrl: TEST_ORIGIN, clock }),
      }),
      async payInFull(checkoutUrl, cookie) {
        await pay(app, checkoutUrl, cookie);
      },
      duringNextPay(next) { step = next; },
    };
  };
}
