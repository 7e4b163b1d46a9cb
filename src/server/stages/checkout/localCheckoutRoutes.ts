// The local test checkout's pages: GET /checkout/local/:id shows the amount, what lowered it, a Pay button and
// Cancel; POST …/pay marks the session paid, completes the purchase (as Stripe's webhook would) and redirects
// to /thank-you. A checkout that may not be paid (closed, replaced by a newer one, its browser already paid,
// its code used elsewhere) is refused before anything is taken.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type CheckoutRow, findCheckoutByProviderId } from '../../db/checkoutSessions.ts';
import { findCode } from '../../db/discountCodes.ts';
import { findPlan } from '../../db/entitlements.ts';
import { loopCpu, MINUTE_MS, noBodyBudget } from '../../limits/budgets.ts';
import { completeCheckout } from '../../payments/checkoutGate.ts';
import { closeUnpaid, type FulfilmentDeps } from '../../payments/fulfilment.ts';
import type { LocalCheckout } from '../../payments/localCheckout.ts';
import { checkoutPage, messagePage, pageCsp } from '../../payments/localCheckoutPage.ts';
import { THANK_YOU_PATH } from '../../payments/startCheckout.ts';

export interface LocalCheckoutRoutesOptions {
  local: LocalCheckout;
  fulfilment: FulfilmentDeps;
}

const params = z.strictObject({ id: z.string().regex(/^cs_local_[A-Za-z0-9_-]{8,64}$/, 'must be a checkout session id') });
const backToEssay = { href: '/result', label: 'Back to your essay' };
const NOT_PAYABLE_TITLE = 'This checkout can no longer be paid';

// Pages of the test checkout, not API calls: per browser, and a count of their own per network (a whole class
// paying in the same minute fits), outside the API allowance.
const PAGE = noBodyBudget({ windowMs: MINUTE_MS, perBrowser: 60, perNetwork: 600, apiAllowance: false }, 'reads the checkout',
  'the payment page, opened and reloaded', loopCpu(15, 'an open checkout\'s page'));
// The Pay button is a form with no fields: an empty body.
const PAY = noBodyBudget({ windowMs: MINUTE_MS, perBrowser: 20, perNetwork: 200, apiAllowance: false },
  'completes a checkout its start counted: the plan and one purchase row, once', 'pressing Pay, perhaps twice',
  loopCpu(30, 'an open checkout paid: the plan and its purchase row written'));

const closedText = (checkout: CheckoutRow | undefined): string => {
  if (checkout?.closed_reason === 'replaced') return 'A newer checkout was started in this browser, so this one was closed and nothing was charged. Finish your purchase there, or start again from your essay page.';
  if (checkout?.closed_reason === 'canceled') return 'It was cancelled and nothing was charged. Start a new one from your essay page.';
  return 'It has expired or was closed, and nothing was charged. Start a new one from your essay page.';
};

/** Why a still-open checkout must not take a payment, in words for the student; null when it may. */
async function refusal(fulfilment: FulfilmentDeps, checkout: CheckoutRow): Promise<string | null> {
  if ((await findPlan(fulfilment.db, checkout.uid)) === 'paid') return 'This browser already has the full plan, so there is nothing to pay.';
  if (checkout.discount_code !== null) {
    const code = await findCode(fulfilment.db, checkout.discount_code);
    if (code?.used_at != null && code.used_by !== checkout.id) return 'Its discount code has already been used by another purchase.';
  }
  return null;
}

export const localCheckoutRoutes: FastifyPluginAsyncZod<LocalCheckoutRoutesOptions> = async (app, { local, fulfilment }) => {
  // The Pay button is a plain HTML form: its (empty) urlencoded body carries nothing the route reads.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, undefined));
  app.addHook('onSend', async (_request, reply) => {
    // The referrer policy stays helmet's same-origin, so the Pay form's POST carries the Origin the check needs.
    reply.header('content-security-policy', pageCsp()).header('cache-control', 'no-store');
  });

  app.get('/checkout/local/:id', { config: { budget: PAGE }, schema: { params } }, async (request, reply) => {
    const session = await local.find(request.params.id);
    reply.type('text/html; charset=utf-8');
    if (!session) return reply.code(404).send(messagePage('Checkout not found', 'There is no checkout at this address.', backToEssay));
    if (session.status === 'complete') return reply.redirect(`${THANK_YOU_PATH}?session_id=${encodeURIComponent(session.id)}`, 303);
    if (session.status === 'expired') {
      const checkout = await findCheckoutByProviderId(fulfilment.db, session.id);
      return reply.code(410).send(messagePage(NOT_PAYABLE_TITLE, closedText(checkout), backToEssay));
    }
    return reply.send(checkoutPage({
      id: session.id, description: session.description, amountCents: session.amountCents, priceNote: session.priceNote, cancelUrl: session.cancelUrl,
    }));
  });

  app.post('/checkout/local/:id/pay', { config: { budget: PAY }, schema: { params } }, async (request, reply) => {
    const checkout = await findCheckoutByProviderId(fulfilment.db, request.params.id);
    const refused = checkout && (checkout.status === 'open' || checkout.status === 'pending') ? await refusal(fulfilment, checkout) : null;
    if (checkout && refused !== null) {
      // A second press of Pay can find the plan already granted by the first press on this very checkout:
      // that is the same purchase, not one too many, so it goes where the first one went.
      const session = await local.find(request.params.id);
      if (session?.status === 'complete') return reply.redirect(`${THANK_YOU_PATH}?session_id=${encodeURIComponent(session.id)}`, 303);
      await closeUnpaid(fulfilment.db, { id: checkout.id }, 'canceled');
      await local.expireSession(request.params.id);
      return reply.code(409).type('text/html; charset=utf-8').send(messagePage(NOT_PAYABLE_TITLE, `${refused} Nothing was charged.`, backToEssay));
    }
    const paid = await local.pay(request.params.id);
    if (!paid) {
      const session = await local.find(request.params.id);
      if (session?.status === 'complete') return reply.redirect(`${THANK_YOU_PATH}?session_id=${encodeURIComponent(session.id)}`, 303);
      return reply.code(session ? 410 : 404).type('text/html; charset=utf-8').send(messagePage(NOT_PAYABLE_TITLE, closedText(checkout), backToEssay));
    }
    await completeCheckout(fulfilment, paid.session.id, {
      paymentIntent: paid.session.paymentIntent, completedBy: request.uid, source: 'local_checkout',
    });
    return reply.redirect(paid.redirectTo, 303);
  });
};
