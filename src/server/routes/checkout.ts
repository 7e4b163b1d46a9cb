// The plan's purchase: GET /api/checkout/upgrade (the Upgrade links: a checkout bound to this browser at the
// price its pages show, then a redirect to it), GET /api/checkout/cancel (where a checkout's Cancel leads: it
// closes that checkout at once) and GET /api/verify-session (the /thank-you page's check).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkoutCancelQuerySchema, verifySessionQuerySchema, verifySessionResponseSchema } from '../../common/contract.ts';
import { findCheckout } from '../db/checkoutSessions.ts';
import { HttpError } from '../errors.ts';
import { apiRate, type RouteBudget, storesNothing } from '../limits/budgets.ts';
import { closeUnpaid } from '../payments/fulfilment.ts';
import { messagePage, pageCsp } from '../payments/localCheckoutPage.ts';
import {
  CHECKOUT_START, CHECKOUT_STORAGE, type CheckoutDeps, expireAtProvider, startCheckout, upgradeRequest,
} from '../payments/startCheckout.ts';
import { verifySession } from '../payments/verifySession.ts';
import { type PaymentRouteDeps, returningTo } from './returnOrigin.ts';

export interface CheckoutRoutesOptions {
  checkout: CheckoutDeps;
  returnOrigin: PaymentRouteDeps['returnOrigin'];
}

const CANCELLED_PATH = '/result?checkout=cancelled';

export const UPGRADE_BUDGET: RouteBudget = {
  body: 0, rate: apiRate(30), storage: CHECKOUT_STORAGE, use: 'the Upgrade links and buttons: a few times a day',
};
const CANCEL: RouteBudget = {
  body: 0, rate: apiRate(30), storage: storesNothing('closes a checkout its start counted'), use: 'the payment page\'s Cancel',
};
const VERIFY: RouteBudget = {
  body: 0,
  rate: apiRate(60),
  storage: storesNothing('completes a checkout its start counted: the plan and one purchase row, once'),
  use: 'the thank-you page checking the purchase, and asking again while the payment is confirmed',
};

export const checkoutRoutes: FastifyPluginAsyncZod<CheckoutRoutesOptions> = async (app, routeDeps) => {
  const { checkout } = routeDeps;
  app.get('/api/checkout/upgrade', { config: { budget: UPGRADE_BUDGET } }, async (request, reply) => {
    // The landing page's link may be a browser's first call: it gets its anonymous session here.
    const uid = await app.ensureSession(request, reply);
    try {
      await request.spendStorage(CHECKOUT_START, uid);
      // The browser's own valid code applies here too, so every Upgrade control charges the price shown.
      const started = await startCheckout(returningTo(routeDeps, request), await upgradeRequest(checkout, uid));
      return await reply.redirect(started.url, 303);
    } catch (error) {
      // A navigation (new tab), not a fetch: answer a page a person can read, with its status.
      if (!(error instanceof HttpError) || !(request.headers.accept ?? '').includes('text/html')) throw error;
      const already = error.code === 'already_paid';
      // A budget's refusal is a whole sentence with its own advice, and keeps its Retry-After.
      const text = error.statusCode === 429 ? error.message : `${error.message}. Please try again in a moment.`;
      return reply.code(already ? 200 : error.statusCode).type('text/html; charset=utf-8').headers(error.headers)
        .header('content-security-policy', pageCsp())
        .send(already
          ? messagePage('You already have full access', 'This browser already has the paid plan, so there is nothing to pay.', { href: '/form', label: 'Start Writing' })
          : messagePage('Checkout is unavailable', text, { href: '/result', label: 'Back to your essay' }));
    }
  });

  app.get('/api/checkout/cancel', { config: { budget: CANCEL }, schema: { querystring: checkoutCancelQuerySchema } }, async (request, reply) => {
    // Only the browser that started the checkout can close it; anyone else just goes back to the essay.
    const row = await findCheckout(checkout.db, request.query.checkout_id);
    if (row && row.uid === request.uid) {
      await expireAtProvider(checkout, await closeUnpaid(checkout.db, { id: row.id }, 'canceled'));
    }
    return reply.redirect(CANCELLED_PATH, 303);
  });

  app.get('/api/verify-session', {
    config: { budget: VERIFY },
    schema: { querystring: verifySessionQuerySchema, response: { 200: verifySessionResponseSchema } },
  }, async (request) => verifySession(checkout, request.requireUid(), request.query.session_id));
};
