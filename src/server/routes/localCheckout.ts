// The local test checkout's pages: GET /checkout/local/:id shows the amount and a Pay button; POST …/pay marks
// the session paid, completes the purchase (as Stripe's webhook would) and redirects to /thank-you.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { completeCheckout, type FulfilmentDeps } from '../payments/fulfilment.ts';
import type { LocalCheckout } from '../payments/localCheckout.ts';
import { checkoutPage, messagePage, pageCsp } from '../payments/localCheckoutPage.ts';
import { readSessionUid } from '../session.ts';

export interface LocalCheckoutRoutesOptions {
  local: LocalCheckout;
  fulfilment: FulfilmentDeps;
}

const params = z.strictObject({ id: z.string().regex(/^cs_local_[A-Za-z0-9_-]{8,64}$/, 'must be a checkout session id') });
const backToEssay = { href: '/result', label: 'Back to your essay' };

export const localCheckoutRoutes: FastifyPluginAsyncZod<LocalCheckoutRoutesOptions> = async (app, { local, fulfilment }) => {
  // The Pay button is a plain HTML form: its (empty) urlencoded body carries nothing the route reads.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) => done(null, undefined));
  app.addHook('onSend', async (_request, reply) => {
    // Under helmet's no-referrer a form POST carries `Origin: null`, which the Origin check refuses.
    reply.header('content-security-policy', pageCsp()).header('cache-control', 'no-store').header('referrer-policy', 'same-origin');
  });

  app.get('/checkout/local/:id', { schema: { params } }, async (request, reply) => {
    const session = await local.find(request.params.id);
    reply.type('text/html; charset=utf-8');
    if (!session) return reply.code(404).send(messagePage('Checkout not found', 'There is no checkout at this address.', backToEssay));
    if (session.status === 'complete') return reply.redirect(`/thank-you?session_id=${encodeURIComponent(session.id)}`, 303);
    if (session.status === 'expired') {
      return reply.code(410).send(messagePage('This checkout has expired', 'Checkout sessions last 30 minutes. Start a new one from your essay page.', backToEssay));
    }
    return reply.send(checkoutPage({ id: session.id, description: session.description, amountCents: session.amountCents, cancelUrl: session.cancelUrl }));
  });

  app.post('/checkout/local/:id/pay', { schema: { params } }, async (request, reply) => {
    const paid = await local.pay(request.params.id);
    if (!paid) {
      const session = await local.find(request.params.id);
      if (session?.status === 'complete') return reply.redirect(`/thank-you?session_id=${encodeURIComponent(session.id)}`, 303);
      return reply.code(session ? 410 : 404).type('text/html; charset=utf-8')
        .send(messagePage('This checkout can no longer be paid', 'It has expired or was closed. Start a new one from your essay page.', backToEssay));
    }
    await completeCheckout(fulfilment, paid.session.id, {
      paymentIntent: paid.session.paymentIntent, completedBy: readSessionUid(request), source: 'local_checkout',
    });
    return reply.redirect(paid.redirectTo, 303);
  });
};
