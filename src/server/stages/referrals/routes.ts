// Referral calls: POST /api/referrals/track binds this browser to a referrer, GET /api/referrals/info
// answers its balance and own code, POST /api/referrals/apply-credits starts a checkout paid partly (or wholly)
// with credits. Identity is the cookie's uid; a different user_id in the request is 403.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BASE_PRICE_CENTS, CREDIT_CAP_CENTS, formatDollars } from '../../../common/money/pricing.ts';
import {
  applyCreditsRequestSchema, applyCreditsResponseSchema, referralInfoQuerySchema, referralInfoResponseSchema,
  referralTrackRequestSchema, referralTrackResponseSchema,
} from '../../../common/contract/contract.ts';
import { findAccount, findAccountByCode, insertReferral } from '../../db/referrals.ts';
import { HttpError } from '../../http/errors.ts';
import { apiRate, CODE_CALL_RATE, loopCpu, type RouteBudget, storesRows } from '../../limits/budgets.ts';
import { ensureAccount } from '../../payments/referralAccounts.ts';
import {
  assertNotPaid, CHECKOUT_START, CHECKOUT_STORAGE, releaseExpired, startCheckout,
} from '../../payments/startCheckout.ts';
import { assertSameUser } from '../../plugins/sessions.ts';
import { type PaymentRouteDeps, returningTo } from '../../http/returnOrigin.ts';

/** A referral row: two uids, the e-mail (at most 254 characters) and a date. */
const REFERRAL_ROW = { bytes: 512, rows: 1 };
/** A referral account: a uid, its code and its balance. */
const ACCOUNT_ROW = { bytes: 128, rows: 1 };

export const REFERRAL_TRACK_BUDGET: RouteBudget = {
  body: 'contract',
  rate: CODE_CALL_RATE,
  // A browser is referred once (a second time stores nothing); five covers retries.
  storage: storesRows('referrals', REFERRAL_ROW, 5),
  use: 'once, when a referred student\'s form has a name and a valid e-mail',
  cpu: loopCpu(25, 'another browser\'s code, the longest e-mail and name the contract allows'),
};
export const REFERRAL_INFO_BUDGET: RouteBudget = {
  body: 0,
  rate: apiRate(60),
  // The account is made on the first read; the second row covers two tabs racing to make it.
  storage: storesRows('referral accounts', ACCOUNT_ROW, 2),
  use: 'the referral panel reading the balance and the browser\'s own code',
  cpu: loopCpu(20, 'no input: the account made on the first read'),
};
export const APPLY_CREDITS_BUDGET: RouteBudget = {
  body: 'contract', rate: apiRate(60), storage: CHECKOUT_STORAGE, use: 'paying partly or wholly with credits: a few times at most',
  cpu: loopCpu(25, 'the longest e-mail the contract allows, no credits to spend'),
};

export const referralRoutes: FastifyPluginAsyncZod<PaymentRouteDeps> = async (app, routeDeps) => {
  const { checkout } = routeDeps;
  const { db } = checkout;

  app.post('/api/referrals/track', {
    config: { budget: REFERRAL_TRACK_BUDGET },
    schema: { body: referralTrackRequestSchema, response: { 200: referralTrackResponseSchema } },
  }, async (request) => {
    const uid = request.requireUid();
    const referrer = await findAccountByCode(db, request.body.referral_code);
    if (!referrer) throw new HttpError(404, 'referral_code_unknown', 'This referral code does not exist.');
    if (referrer.uid === uid) throw new HttpError(400, 'self_referral', 'You cannot use your own referral code.');
    await request.spendStorage(REFERRAL_ROW);
    const tracked = await insertReferral(db, {
      refereeUid: uid, referrerUid: referrer.uid, email: request.body.referee_email.trim().toLowerCase(), at: checkout.clock(),
    });
    return { tracked };
  });

  app.get('/api/referrals/info', {
    config: { budget: REFERRAL_INFO_BUDGET },
    schema: { querystring: referralInfoQuerySchema, response: { 200: referralInfoResponseSchema } },
  }, async (request) => {
    const uid = request.requireUid();
    assertSameUser(uid, request.query.user_id);
    await releaseExpired(checkout, uid);
    if (await findAccount(db, uid) === undefined) await request.spendStorage(ACCOUNT_ROW);
    const account = await ensureAccount(db, uid);
    return { credits_available: account.credits_cents, referral_code: account.code };
  });

  app.post('/api/referrals/apply-credits', {
    config: { budget: APPLY_CREDITS_BUDGET },
    schema: { body: applyCreditsRequestSchema, response: { 200: applyCreditsResponseSchema } },
  }, async (request) => {
    const uid = request.requireUid();
    assertSameUser(uid, request.body.user_id);
    const credits = request.body.credits_to_use;
    if (credits > CREDIT_CAP_CENTS) {
      throw new HttpError(400, 'too_many_credits', `You can use at most ${formatDollars(CREDIT_CAP_CENTS)} of credits.`);
    }
    await assertNotPaid(db, uid);
    // A start, and perhaps the browser's referral account.
    await request.spendStorage({ bytes: CHECKOUT_START.bytes + ACCOUNT_ROW.bytes, rows: CHECKOUT_START.rows + ACCOUNT_ROW.rows });
    await ensureAccount(db, uid);
    const started = await startCheckout(returningTo(routeDeps, request), { uid, amountCents: BASE_PRICE_CENTS - credits, discountCode: null, creditsCents: credits });
    return { final_price: started.amountCents, checkout_url: started.url };
  });
};
