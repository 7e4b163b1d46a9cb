// Referral calls: POST /api/referrals/track binds this browser to a referrer, GET /api/referrals/info
// answers its balance and own code, POST /api/referrals/apply-credits starts a checkout paid partly (or wholly)
// with credits. Identity is the cookie's uid; a different user_id in the request is 403.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BASE_PRICE_CENTS, CREDIT_CAP_CENTS, formatDollars } from '../../common/constants.ts';
import {
  applyCreditsRequestSchema, applyCreditsResponseSchema, referralInfoQuerySchema, referralInfoResponseSchema,
  referralTrackRequestSchema, referralTrackResponseSchema,
} from '../../common/contract.ts';
import { findAccountByCode, insertReferral } from '../db/referrals.ts';
import { HttpError } from '../errors.ts';
import { ensureAccount } from '../payments/referralAccounts.ts';
import { assertNotPaid, type CheckoutDeps, releaseExpired, startCheckout } from '../payments/startCheckout.ts';
import { assertSameUser } from '../plugins/sessions.ts';
import { type PaymentRouteDeps, returningTo } from './returnOrigin.ts';

export interface ReferralRoutesOptions {
  checkout: CheckoutDeps;
  returnOrigin: PaymentRouteDeps['returnOrigin'];
  perMinute: number;
}

export const referralRoutes: FastifyPluginAsyncZod<ReferralRoutesOptions> = async (app, routeDeps) => {
  const { checkout, perMinute } = routeDeps;
  const { db } = checkout;

  app.post('/api/referrals/track', {
    config: { rateLimit: { max: perMinute, timeWindow: 60_000 } },
    schema: { body: referralTrackRequestSchema, response: { 200: referralTrackResponseSchema } },
  }, async (request) => {
    const uid = request.requireUid();
    const referrer = await findAccountByCode(db, request.body.referral_code);
    if (!referrer) throw new HttpError(404, 'referral_code_unknown', 'This referral code does not exist.');
    if (referrer.uid === uid) throw new HttpError(400, 'self_referral', 'You cannot use your own referral code.');
    const tracked = await insertReferral(db, {
      refereeUid: uid, referrerUid: referrer.uid, email: request.body.referee_email.trim().toLowerCase(), at: checkout.clock(),
    });
    return { tracked };
  });

  app.get('/api/referrals/info', {
    schema: { querystring: referralInfoQuerySchema, response: { 200: referralInfoResponseSchema } },
  }, async (request) => {
    const uid = request.requireUid();
    assertSameUser(uid, request.query.user_id);
    await releaseExpired(checkout, uid);
    const account = await ensureAccount(db, uid);
    return { credits_available: account.credits_cents, referral_code: account.code };
  });

  app.post('/api/referrals/apply-credits', {
    schema: { body: applyCreditsRequestSchema, response: { 200: applyCreditsResponseSchema } },
  }, async (request) => {
    const uid = request.requireUid();
    assertSameUser(uid, request.body.user_id);
    const credits = request.body.credits_to_use;
    if (credits > CREDIT_CAP_CENTS) {
      throw new HttpError(400, 'too_many_credits', `You can use at most ${formatDollars(CREDIT_CAP_CENTS)} of credits.`);
    }
    await assertNotPaid(db, uid);
    await ensureAccount(db, uid);
    const started = await startCheckout(returningTo(routeDeps, request), { uid, amountCents: BASE_PRICE_CENTS - credits, discountCode: null, creditsCents: credits });
    return { final_price: started.amountCents, checkout_url: started.url };
  });
};
