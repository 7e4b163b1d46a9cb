// POST /api/stripe/webhook: Stripe's signed events, checked on the raw body (so this plugin reads JSON as a
// Buffer), handled idempotently by event id. Exempt from the Origin check: the signature is the proof. Never
// refused for its network's use (Stripe's addresses are shared by every merchant): counted only once its
// signature is checked, for visibility, and a warning is logged past the figure its budget expects.
import type { FastifyPluginAsync } from 'fastify';
import type Stripe from 'stripe';
import { HttpError } from '../../http/errors.ts';
import { loopCpu, MIB, MINUTE_MS, type RouteBudget } from '../../limits/budgets.ts';
import { idOf } from '../../payments/stripeAdapter.ts';
import { completeCheckout } from '../../payments/checkoutGate.ts';
import { closeUnpaid, type FulfilmentDeps, REVOKING_EVENT_TYPES, revokePayment } from '../../payments/fulfilment.ts';

export interface StripeWebhookOptions {
  stripe: Stripe;
  webhookSecret: string;
  fulfilment: FulfilmentDeps;
}

const WEBHOOK_BUDGET: RouteBudget = {
  // Stripe's events are a few KB; a megabyte leaves room for any it may send.
  body: MIB,
  rate: { windowMs: MINUTE_MS, perBrowser: null, perNetwork: 600, apiAllowance: false, countedAfterProof: true },
  storage: { none: 'Stripe\'s signed events: one row each, stored once by event id; no browser can send one' },
  use: 'Stripe telling the server about each checkout, payment, refund and dispute (a few per purchase)',
  cpu: loopCpu(30, 'a signed event of the largest body, checked and stored'),
};

type StripeEvent = ReturnType<Stripe['webhooks']['constructEvent']>;

/** The payment intent an event is about, if any (refunds and disputes are looked up by it). */
const paymentIntentOf = (event: StripeEvent): string | null =>
  idOf((event.data.object as { payment_intent?: string | { id: string } | null }).payment_intent);

export const stripeWebhookRoutes: FastifyPluginAsync<StripeWebhookOptions> = async (app, { stripe, webhookSecret, fulfilment }) => {
  const { db } = fulfilment;
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post('/api/stripe/webhook', { config: { budget: WEBHOOK_BUDGET } }, async (request) => {
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
      throw new HttpError(400, 'invalid_signature', 'A Stripe-Signature header and a JSON body are required.');
    }
    let event: StripeEvent;
    try {
      event = stripe.webhooks.constructEvent(request.body, signature, webhookSecret);
    } catch {
      throw new HttpError(400, 'invalid_signature', 'The webhook signature does not match.');
    }
    await request.countProven();
    const seen = await db.selectFrom('stripe_events').select('id').where('id', '=', event.id).executeTakeFirst();
    if (seen) return { received: true, duplicate: true };
    await handle(event, fulfilment);
    await db.insertInto('stripe_events')
      .values({ id: event.id, type: event.type, payment_intent: paymentIntentOf(event), received_at: fulfilment.clock() })
      .onConflict((conflict) => conflict.column('id').doNothing()).execute();
    return { received: true, duplicate: false };
  });
};

async function handle(event: StripeEvent, fulfilment: FulfilmentDeps): Promise<void> {
  const object = event.data.object as { id: string; payment_status?: string };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      // Delayed payment methods complete unpaid first; async_payment_succeeded follows when the money arrives.
      if (object.payment_status === 'paid' || object.payment_status === 'no_payment_required') {
        await completeCheckout(fulfilment, object.id, { paymentIntent: paymentIntentOf(event), completedBy: null, source: 'webhook' });
      }
      return;
    case 'checkout.session.expired':
    case 'checkout.session.async_payment_failed':
      await closeUnpaid(fulfilment.db, { providerSessionId: object.id }, 'expired');
      return;
    default:
      if ((REVOKING_EVENT_TYPES as readonly string[]).includes(event.type)) {
        const paymentIntent = paymentIntentOf(event);
        if (paymentIntent !== null) await revokePayment(fulfilment, paymentIntent);
      }
  }
}
