// Discount calls: POST /api/discount-codes (the promo popup's "get deal"), POST /api/validate-discount and
// POST /api/create-discounted-checkout. A code belongs to the browser that asked for it; wrong codes are
// bounded per browser and per network, and each call also has a tight per-IP rate limit.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LAUNCH_PRICE_CENTS } from '../../common/constants.ts';
import {
  checkoutResponseSchema, discountCodeRequestSchema, discountCodeResponseSchema, discountedCheckoutRequestSchema,
  discountOfferSchema, validateDiscountRequestSchema,
} from '../../common/contract.ts';
import { HttpError } from '../errors.ts';
import type { CodeGuessGuard } from '../payments/codeGuesses.ts';
import { checkCode, issueCode, launchOffer } from '../payments/discounts.ts';
import { type CheckoutDeps, startCheckout } from '../payments/startCheckout.ts';
import { type PaymentRouteDeps, returningTo } from './returnOrigin.ts';

export interface DiscountRoutesOptions {
  checkout: CheckoutDeps;
  returnOrigin: PaymentRouteDeps['returnOrigin'];
  guesses: CodeGuessGuard;
  /** Requests per IP per minute to each discount call. */
  perMinute: number;
}

export const discountRoutes: FastifyPluginAsyncZod<DiscountRoutesOptions> = async (app, options) => {
  const { checkout, guesses, perMinute } = options;
  const routeDeps = options;
  const config = { rateLimit: { max: perMinute, timeWindow: 60_000 } };

  /** Checks a code for this browser, counting a wrong one against the guessing bounds. */
  const check = async (uid: string | null, ip: string, code: string) => {
    await guesses.admit(uid, ip);
    const result = await checkCode(checkout.db, uid, code, checkout.clock());
    if (!result.ok && result.reason === 'not_yours') await guesses.wrong(uid, ip);
    return result;
  };

  app.post('/api/discount-codes', {
    config,
    schema: { body: discountCodeRequestSchema, response: { 200: discountCodeResponseSchema } },
  }, async (request, reply) => {
    // The landing page's popup may be a browser's first call: the code is issued to the session it gets here.
    const uid = await app.ensureSession(request, reply);
    const row = await issueCode(checkout.db, uid, request.body.email, checkout.clock());
    return { code: row.code, expires_at: row.expires_at.toISOString() };
  });

  app.post('/api/validate-discount', {
    config,
    schema: { body: validateDiscountRequestSchema, response: { 200: discountOfferSchema } },
  }, async (request) => {
    const result = await check(request.uid, request.ip, request.body.code);
    return result.ok ? launchOffer(result.row.code) : { valid: false, error: result.error };
  });

  app.post('/api/create-discounted-checkout', {
    config,
    schema: { body: discountedCheckoutRequestSchema, response: { 200: checkoutResponseSchema } },
  }, async (request) => {
    const uid = request.requireUid();
    const result = await check(uid, request.ip, request.body.code);
    if (!result.ok) throw new HttpError(400, 'discount_code_invalid', result.error);
    const started = await startCheckout(returningTo(routeDeps, request), { uid, amountCents: LAUNCH_PRICE_CENTS, discountCode: result.row.code, creditsCents: 0 });
    return { checkout_url: started.url };
  });
};
