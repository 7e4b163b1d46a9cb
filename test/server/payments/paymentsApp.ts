// A real app for the payments suites: like helper.ts's buildTestApp, plus a recording payment-events sink and
// optionally an injected payments adapter (Stripe pointed at the fake), and helpers for the money calls.
import { beforeEach, onTestFinished } from 'vitest';
import { buildApp } from '../../../src/server/app.ts';
import type { PaymentEvent, PaymentEventSink, PaymentsPort } from '../../../src/server/payments/index.ts';
import { recordPaymentEvents } from '../../../src/server/payments/paymentEvents.ts';
import type { TestDatabase } from '../databases.ts';
import { TEST_ORIGIN, type TestApp, testConfig } from '../helper.ts';
import { useTestApp } from '../useTestApp.ts';

export interface PaymentsAppOptions {
  env?: Record<string, string>;
  clock?: () => Date;
  payments?: PaymentsPort;
  /** Also store the payment events as the real app does (the dashboard's rollups read them). */
  recordEvents?: boolean;
}

export async function buildPaymentsApp(target: TestDatabase, options: PaymentsAppOptions = {}) {
  const config = testConfig(options.env);
  const database = await target.open();
  const events: PaymentEvent[] = [];
  let record: PaymentEventSink | undefined;
  const app = await buildApp({
    config, db: database, clock: options.clock, payments: options.payments,
    paymentEvents: async (event) => {
      events.push(event);
      await record?.(event);
    },
  });
  if (options.recordEvents) record = recordPaymentEvents(database.db, options.clock ?? (() => new Date()), app.log);
  onTestFinished(async () => {
    await app.close();
    await database.close();
  });
  return { app, database, config, events };
}

/**
 * One payments app for every test of a describe (useTestApp.ts: tables emptied, limits forgotten before each
 * test), with the local checkout and the payment events it sent during the current test.
 */
export function usePaymentsApp(target: TestDatabase): () => TestApp & { events: PaymentEvent[] } {
  const events: PaymentEvent[] = [];
  beforeEach(() => { events.length = 0; });
  const testApp = useTestApp(target, { paymentEvents: async (event) => { events.push(event); } });
  return () => ({ ...testApp(), events });
}

export const post = (url: string, cookie: string | undefined, payload: unknown) => ({
  method: 'POST' as const,
  url,
  headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
  payload: payload as Record<string, unknown>,
});

/** The session id the local checkout put in its /thank-you redirect. */
export const sessionIdFrom = (location: string): string => new URL(location, 'http://x').searchParams.get('session_id') ?? '';

/** The local checkout's id from its page address. */
export const localIdFrom = (url: string): string => url.split('/checkout/local/')[1] ?? '';
