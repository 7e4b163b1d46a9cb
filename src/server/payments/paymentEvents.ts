// What the server itself learns about money that the analytics issue records: purchases (the webhook or the
// local checkout may complete one while the student's tab is closed) and referral conversions. The default
// sink writes them to the log; the analytics issue plugs its event store in through AppDeps.paymentEvents.
import type { FastifyBaseLogger } from 'fastify';

export type PaymentEvent =
  | {
    name: 'purchase';
    uid: string;
    /** Who saw the payment first: the webhook, the local checkout's Pay button, or verify-session. */
    source: 'webhook' | 'local_checkout' | 'verify_session' | 'credits';
    params: { transaction_id: string; value: number; currency: string; discount_applied: boolean };
  }
  | {
    name: 'referral_converted';
    uid: string;
    source: 'webhook' | 'local_checkout' | 'verify_session' | 'credits';
    params: { referral_code: string; reward_amount: number; currency: string };
  };

export type PaymentEventSink = (event: PaymentEvent) => void | Promise<void>;

export const logPaymentEvents = (log: FastifyBaseLogger): PaymentEventSink => (event) => {
  log.info({ event: event.name, source: event.source, params: event.params }, 'payment event');
};
