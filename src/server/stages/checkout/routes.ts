// The plan's purchase: POST /api/checkout/upgrade (the Upgrade buttons, a form posted to a new tab: a checkout
// bound to this browser at the price its pages show, then a 303 to it), GET /api/checkout/cancel (where a
// checkout's Cancel leads: it closes that checkout at once) and GET /api/verify-session (the /thank-you page's
// check). Starting a checkout closes the browser's open one, so it is a POST: a link or an image on another
// site can make a browser GET anything, but the Origin check refuses a POST from another site.
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkoutCancelQuerySchema, verifySessionQuerySchema, verifySessionResponseSchema } from '../../../common/contract/contract.ts';
import { findCheckout } from '../../db/checkoutSessions.ts';
import { HttpError } from '../../http/errors.ts';
import { apiRate, loopCpu, noBodyBudget, type RouteBudget } from '../../limits/budgets.ts';
import { closeUnpaid } from '../../payments/fulfilment.ts';
import { messagePage, pageCsp } from '../../payments/localCheckoutPage.ts';
import {
  CHECKOUT_START, CHECKOUT_STORAGE, expireAtProvider, startCheckout, upgradeRequest,
} from '../../payments/startCheckout.ts';
import { verifySession } from '../../payments/verifySession.ts';
import { type PaymentRouteDeps, returningTo } from '../../http/returnOrigin.ts';

const CANCELLED_PATH = '/result?checkout=cancelled';

const wantsPage = (accept: string | undefined): boolean => (accept ?? '').includes('text/html');

/** A page a person can read, keeping the error's own headers (a budget's Retry-After). */
const page = (reply: FastifyReply, status: number, html: string, headers: Record<string, string> = {}) =>
  reply.code(status).type('text/html; charset=utf-8').headers(headers).header('content-security-policy', pageCsp()).send(html);

/** A budget's refusal is a whole sentence with its own advice; other failures get the advice added. */
const unavailable = (error: HttpError): string =>
  (error.statusCode === 429 ? error.message : `${error.message}. Please try again in a moment.`);

export const UPGRADE_BUDGET: RouteBudget = {
  // The Upgrade form carries no fields: its body is at most a stray byte or two.
  body: 1024, rate: apiRate(30), storage: CHECKOUT_STORAGE, use: 'the Upgrade buttons: a few times a day',
  cpu: loopCpu(30, 'no fields: a checkout started'),
};
const OLD_UPGRADE_LINK = noBodyBudget(apiRate(30), 'answers 405 and a page saying to press Upgrade',
  'an old tab or bookmark of the Upgrade link', loopCpu(12, 'no input: a fixed page'));
const CANCEL = noBodyBudget(apiRate(30), 'closes a checkout its start counted', 'the payment page\'s Cancel',
  loopCpu(20, 'an open checkout closed'));
const VERIFY = noBodyBudget(apiRate(60), 'completes a checkout its start counted: the plan and one purchase row, once',
  'the thank-you page checking the purchase, and asking again while the payment is confirmed',
  loopCpu(15, 'a paid checkout'));

export const checkoutRoutes: FastifyPluginAsyncZod<PaymentRouteDeps> = async (app, routeDeps) => {
  const { checkout } = routeDeps;
  // The Upgrade button is a plain HTML form: its (empty) urlencoded body carries nothing the route reads.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, undefined));

  app.post('/api/checkout/upgrade', { config: { budget: UPGRADE_BUDGET } }, async (request, reply) => {
    // The landing page's button may be a browser's first call: it gets its anonymous session here.
    const uid = await app.ensureSession(request, reply);
    try {
      await request.spendStorage(CHECKOUT_START, uid);
      // The browser's own valid code applies here too, so every Upgrade control charges the price shown.
      const started = await startCheckout(returningTo(routeDeps, request), await upgradeRequest(checkout, uid));
      return await reply.redirect(started.url, 303);
    } catch (error) {
      // A navigation (new tab), not a fetch: answer a page a person can read, with its status.
      if (!(error instanceof HttpError) || !wantsPage(request.headers.accept)) throw error;
      const already = error.code === 'already_paid';
      return page(reply, already ? 200 : error.statusCode, already
        ? messagePage('You already have full access', 'This browser already has the paid plan, so there is nothing to pay.', { href: '/form', label: 'Start Writing' })
        : messagePage('Checkout is unavailable', unavailable(error), { href: '/result', label: 'Back to your essay' }), { ...error.headers });
    }
  });

  // Upgrade used to be a link: an old tab or a bookmark that still GETs it starts nothing and says where to go.
  app.get('/api/checkout/upgrade', { config: { budget: OLD_UPGRADE_LINK } }, async (request, reply) => {
    reply.header('allow', 'POST');
    if (!wantsPage(request.headers.accept)) throw new HttpError(405, 'method_not_allowed', 'Upgrade starts a checkout only by POST, from the Upgrade button.');
    return page(reply, 405, messagePage('Press Upgrade again', 'A checkout starts only from the Upgrade button on Essay Studio’s pages.', { href: '/result', label: 'Back to your essay' }));
  });

  // The one GET that changes state, on purpose: the payment provider sends the student back here from its page,
  // a navigation that can only be a GET. It closes a checkout only for the browser that started it (the id names
  // the checkout, the session cookie must be its browser's), and closing an unpaid checkout takes nothing.
  app.get('/api/checkout/cancel', { config: { budget: CANCEL }, schema: { querystring: checkoutCancelQuerySchema } }, async (request, reply) => {
    // Anyone else (another browser, a link with a leaked id) just goes back to the essay.
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
