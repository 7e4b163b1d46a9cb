// Discount calls: POST /api/discount-codes (the promo popup's "get deal"), POST /api/validate-discount and
// POST /api/create-discounted-checkout. A code belongs to the browser that asked for it; it is checked through the
// secret gate, which bounds wrong codes per browser and per network, and each call also has a tight per-network
// rate in its budget.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LAUNCH_PRICE_CENTS } from '../../../common/money/pricing.ts';
import {
  checkoutResponseSchema, discountCodeRequestSchema, discountCodeResponseSchema, discountedCheckoutRequestSchema,
  discountOfferSchema, validateDiscountRequestSchema,
} from '../../../common/contract/contract.ts';
import { HttpError } from '../../http/errors.ts';
import { CODE_CALL_RATE, loopCpu, type RouteBudget, storesNothing, storesRows } from '../../limits/budgets.ts';
import { checkCode, issueCode, launchOffer } from '../../payments/discounts.ts';
import { CHECKOUT_START, CHECKOUT_STORAGE, startCheckout } from '../../payments/startCheckout.ts';
import { type PaymentRouteDeps, returningTo } from '../../http/returnOrigin.ts';

/** A code row: the code, the e-mail (at most 254 characters) and its dates. */
const CODE_ROW = { bytes: 512, rows: 1 };

export const DISCOUNT_CODE_BUDGET: RouteBudget = {
  body: 'contract', rate: CODE_CALL_RATE, storage: storesRows('discount codes', CODE_ROW, 10),
  use: 'the landing popup\'s "get deal": once, perhaps again with another e-mail',
  cpu: loopCpu(20, 'the longest e-mail the contract allows'),
};
/** The routes that check a code: the secret gate counts the wrong ones. */
const CHECKS_CODE = 'discount-code';

const VALIDATE: RouteBudget = {
  body: 'contract',
  rate: CODE_CALL_RATE,
  storage: storesNothing('reads the code; wrong ones are counted in the limit store (5 per browser, 15 per network per 15 minutes)'),
  use: 'checking the code the student typed',
  cpu: loopCpu(15, 'the browser\'s own code and the longest e-mail the contract allows'),
};
export const DISCOUNTED_CHECKOUT_BUDGET: RouteBudget = {
  body: 'contract', rate: CODE_CALL_RATE, storage: CHECKOUT_STORAGE, use: 'paying with a launch code: a few times at most',
  cpu: loopCpu(40, 'the browser\'s own code and the longest e-mail the contract allows: a checkout started'),
};

export const discountRoutes: FastifyPluginAsyncZod<PaymentRouteDeps> = async (app, routeDeps) => {
  const { checkout } = routeDeps;

  /** Checks a code for this browser through the gate: a code that is not this browser's is a wrong guess. */
  const check = (request: FastifyRequest, uid: string | null, code: string) => request.checkSecret(CHECKS_CODE,
    () => checkCode(checkout.db, uid, code, checkout.clock()), (result) => !result.ok && result.reason === 'not_yours');

  app.post('/api/discount-codes', {
    config: { budget: DISCOUNT_CODE_BUDGET },
    schema: { body: discountCodeRequestSchema, response: { 200: discountCodeResponseSchema } },
  }, async (request, reply) => {
    // The landing page's popup may be a browser's first call: the code is issued to the session it gets here.
    const uid = await app.ensureSession(request, reply);
    await request.spendStorage(CODE_ROW, uid);
    const row = await issueCode(checkout.db, uid, request.body.email, checkout.clock());
    return { code: row.code, expires_at: row.expires_at.toISOString() };
  });

  app.post('/api/validate-discount', {
    config: { budget: VALIDATE, secret: CHECKS_CODE },
    schema: { body: validateDiscountRequestSchema, response: { 200: discountOfferSchema } },
  }, async (request) => {
    const result = await check(request, request.uid, request.body.code);
    return result.ok ? launchOffer(result.row.code) : { valid: false, error: result.error };
  });

  app.post('/api/create-discounted-checkout', {
    config: { budget: DISCOUNTED_CHECKOUT_BUDGET, secret: CHECKS_CODE },
    schema: { body: discountedCheckoutRequestSchema, response: { 200: checkoutResponseSchema } },
  }, async (request) => {
    const uid = request.requireUid();
    const result = await check(request, uid, request.body.code);
    if (!result.ok) throw new HttpError(400, 'discount_code_invalid', result.error);
    await request.spendStorage(CHECKOUT_START);
    const started = await startCheckout(returningTo(routeDeps, request), { uid, amountCents: LAUNCH_PRICE_CENTS, discountCode: result.row.code, creditsCents: 0 });
    return { checkout_url: started.url };
  });
};
