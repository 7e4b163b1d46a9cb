// What the server itself learns about money: purchases (the webhook or the local checkout may complete one
// while the student's tab is closed) and referral conversions. The app's default sink records them in the
// first-party event store, the only source of the dashboard's revenue and conversions.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AnalyticsEvent } from '../../common/analytics/analyticsEvents.ts';
import { recordEvents } from '../db/events.ts';
import type { FulfilmentPath } from './checkoutGate.ts';
import type { Database } from '../db/schema.ts';

export type PaymentEvent =
  | {
    name: 'purchase';
    uid: string;
    /** Which way the payment reached the gate first (the webhook, the local checkout's Pay button, …). */
    source: FulfilmentPath;
    params: { transaction_id: string; value: number; currency: string; discount_applied: boolean };
  }
  | {
    name: 'referral_converted';
    uid: string;
    source: FulfilmentPath;
    params: { referral_code: string; reward_amount: number; currency: string };
  };

export type PaymentEventSink = (event: PaymentEvent) => void | Promise<void>;

/**
 * Stores each payment event under the uid it belongs to (the buyer, or the referrer credited). A failure is
 * logged, never thrown: the payment itself is already committed and must not look failed to the student.
 */
export const recordPaymentEvents = (db: Kysely<Database>, clock: () => Date, log: FastifyBaseLogger): PaymentEventSink =>
  async (event) => {
    log.info({ event: event.name, source: event.source, params: event.params }, 'payment event');
    const at = clock();
    const stored = { name: event.name, timestamp: at.toISOString(), params: event.params } as AnalyticsEvent;
    try {
      await recordEvents(db, event.uid, [stored], at);
    } catch (error) {
      log.error({ err: error, event: event.name }, 'could not record a payment event');
    }
  };
