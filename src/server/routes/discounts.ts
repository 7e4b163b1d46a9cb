// Discount calls (SPEC §7): POST /api/discount-codes (the promo popup's "get deal"), POST /api/validate-discount
// and POST /api/create-discounted-checkout. Each has its own tight rate limit: codes are guessable only slowly.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LAUNCH_PRICE_CENTS } from '../../shared/constants.ts';
import {
  checkoutResponseSchema, discountCodeRequestSchema, discountCodeResponseSchema, discountedCheckoutRequestSchema,
  discountOfferSchema, validateDiscountRequestSchema,
} from '../../shared/contract.ts';
import { HttpError } from '../errors.ts';
import { checkCode, issueCode, launchOffer } from '../payments/discounts.ts';
import { type CheckoutDeps, startCheckout } from '../payments/startCheckout.ts';
import { requireUid } from './requireUid.ts';
import { returningTo } from '../payments/returnOrigin.ts';

export interface DiscountRoutesOptions {
  checkout: CheckoutDeps;
  /** Requests per IP per minute to each discount call. */
  perMinute: number;
}

export const discountRoutes: FastifyPluginAsyncZod<DiscountRoutesOptions> = async (app, { checkout, perMinute }) => {
  const config = { rateLimit: { max: perMinute, timeWindow: 60_000 } };

  app.post('/api/discount-codes', {
    config,
    schema: { body: discountCodeRequestSchema, response: { 200: discountCodeResponseSchema } },
  }, async (request) => {
    const row = await issueCode(checkout.db, request.body.email, checkout.clock());
    return { code: row.code, expires_at: row.expires_at.toISOString() };
  });

  app.post('/api/validate-discount', {
    config,
    schema: { body: validateDiscountRequestSchema, response: { 200: discountOfferSchema } },
  }, async (request) => {
    const result = await checkCode(checkout.db, request.body.code, checkout.clock());
    return result.ok ? launchOffer(result.row.code) : { valid: false, error: result.error };
  });

  app.post('/api/create-discounted-checkout', {
    config,
    schema: { body: discountedCheckoutRequestSchema, response: { 200: checkoutResponseSchema } },
  }, async (request) => {
    const uid = requireUid(request);
    const result = await checkCode(checkout.db, request.body.code, checkout.clock());
    if (!result.ok) throw new HttpError(400, 'discount_code_invalid', result.error);
    const started = await startCheckout(returningTo(checkout, request), { uid, amountCents: LAUNCH_PRICE_CENTS, discountCode: result.row.code, creditsCents: 0 });
    return { checkout_url: started.url };
  });
};
