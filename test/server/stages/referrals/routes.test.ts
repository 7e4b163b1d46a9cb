import { describe, expect, it } from 'vitest';
import type { App } from '../../../../src/server/app.ts';
import { createLocalCheckout } from '../../../../src/server/payments/localCheckout.ts';
import { completeCheckout } from '../../../../src/server/payments/checkoutGate.ts';
import { testDatabases } from '../../databases.ts';
import { startSession, TEST_ORIGIN } from '../../helper.ts';
import { buildPaymentsApp, localIdFrom, post } from '../../payments/paymentsApp.ts';

const info = (app: App, cookie: string, query = '') =>
  app.inject({ method: 'GET', url: `/api/referrals/info${query}`, headers: { cookie } });

const track = (app: App, cookie: string | undefined, referral_code: string) =>
  app.inject(post('/api/referrals/track', cookie, { referral_code, referee_email: 'sam@example.com', referee_name: 'Sam Lee' }));

const apply = (app: App, cookie: string | undefined, body: Record<string, unknown>) =>
  app.inject(post('/api/referrals/apply-credits', cookie, body));

async function balanceOf(app: App, cookie: string): Promise<number> {
  return (await info(app, cookie)).json<{ credits_available: number }>().credits_available;
}

describe.each(testDatabases)('referrals and credits on $name', (target) => {
  it('gives each browser its own REFER- code and no credits to start', async () => {
    const { app } = await buildPaymentsApp(target);
    const { uid, cookie } = await startSession(app);
    const response = await info(app, cookie, `?user_id=${uid}&user_email=maya%40example.com`);
    expect(response.statusCode).toBe(200);
    const body = response.json<{ referral_code: string; credits_available: number }>();
    expect(body.referral_code).toMatch(/^REFER-[A-Z0-9]{6}$/);
    expect(body.credits_available).toBe(0);
    expect((await info(app, cookie)).json().referral_code).toBe(body.referral_code);
  });

  it('trusts the cookie, not a user_id: another id is 403, no cookie is 401', async () => {
    const { app } = await buildPaymentsApp(target);
    const { cookie } = await startSession(app);
    expect((await info(app, cookie, '?user_id=someone-else-123')).statusCode).toBe(403);
    expect((await apply(app, cookie, { user_id: 'someone-else-123', credits_to_use: 100 })).statusCode).toBe(403);
    const anonymous = await apply(app, undefined, { credits_to_use: 100 });
    expect(anonymous.json()).toEqual({ error: 'User not authenticated', code: 'not_authenticated' });
  });

  it('binds a referral once, refuses self-referral and unknown codes, and credits the referrer once per purchase', async () => {
    const { app, database, events } = await buildPaymentsApp(target, { env: { REFERRAL_REWARD_CENTS: '700' } });
    const referrer = await startSession(app);
    const code = (await info(app, referrer.cookie)).json<{ referral_code: string }>().referral_code;
    expect((await track(app, referrer.cookie, code)).json()).toEqual({ error: 'You cannot use your own referral code.', code: 'self_referral' });
    expect((await track(app, referrer.cookie, 'REFER-ZZZZZZ')).statusCode).toBe(404);
    expect((await track(app, referrer.cookie, 'refer-abcdef')).statusCode).toBe(400);

    const friend = await startSession(app);
    expect((await track(app, friend.cookie, code)).json()).toEqual({ tracked: true });
    expect((await track(app, friend.cookie, code)).json()).toEqual({ tracked: false });

    const started = await app.inject({ method: 'POST', url: '/api/checkout/upgrade', headers: { origin: TEST_ORIGIN, cookie: friend.cookie } });
    const id = localIdFrom(String(started.headers.location));
    await app.inject({ method: 'POST', url: `/checkout/local/${id}/pay`, headers: { origin: TEST_ORIGIN, cookie: friend.cookie } });
    // The same payment reported again (webhook retries, verify-session): still one reward.
    const payments = createLocalCheckout({ db: database.db, publicUrl: TEST_ORIGIN, clock: () => new Date() });
    const fulfilment = { db: database.db, clock: () => new Date(), referralRewardCents: 700, events: () => undefined, payments };
    for (let report = 0; report < 3; report += 1) {
      await completeCheckout(fulfilment, id, { paymentIntent: null, completedBy: null, source: 'webhook' });
    }
    expect(await balanceOf(app, referrer.cookie)).toBe(700);
    expect(events.filter((event) => event.name === 'referral_converted')).toEqual([
      expect.objectContaining({ params: { referral_code: code, reward_amount: 7, currency: 'USD' } }),
    ]);
  });

  it('applies credits to the full price, reserves them, and gives them back when the checkout expires', async () => {
    let now = Date.parse('2026-03-01T12:00:00Z');
    const { app, database } = await buildPaymentsApp(target, { clock: () => new Date(now) });
    const { uid, cookie } = await startSession(app);
    await info(app, cookie);
    await database.db.updateTable('referral_accounts').set({ credits_cents: 1000 }).where('uid', '=', uid).execute();
    const response = await apply(app, cookie, { user_id: uid, user_email: 'maya@example.com', credits_to_use: 700 });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ final_price: number; checkout_url: string }>();
    expect(body.final_price).toBe(4200);
    expect((await app.inject({ method: 'GET', url: new URL(body.checkout_url).pathname })).body).toContain('Pay $42 (test)');
    expect(await balanceOf(app, cookie)).toBe(300);
    now += 31 * 60_000;
    expect(await balanceOf(app, cookie)).toBe(1000);
  });

  it('grants the plan without a card when credits cover the whole price', async () => {
    const { app, database } = await buildPaymentsApp(target);
    const { uid, cookie } = await startSession(app);
    await info(app, cookie);
    await database.db.updateTable('referral_accounts').set({ credits_cents: 5000 }).where('uid', '=', uid).execute();
    const response = await apply(app, cookie, { credits_to_use: 4900 });
    const body = response.json<{ final_price: number; checkout_url: string }>();
    expect(body.final_price).toBe(0);
    expect(body.checkout_url).toMatch(/\/thank-you\?session_id=co_/);
    const sessionId = new URL(body.checkout_url).searchParams.get('session_id') ?? '';
    const verified = await app.inject({ method: 'GET', url: `/api/verify-session?session_id=${sessionId}`, headers: { cookie } });
    expect(verified.json()).toMatchObject({ plan: 'paid', value: 0, discount_applied: true });
    expect(await balanceOf(app, cookie)).toBe(100);
  });

  it('refuses negative, fractional, oversized and unaffordable credit amounts', async () => {
    const { app } = await buildPaymentsApp(target);
    const { cookie } = await startSession(app);
    for (const credits_to_use of [-100, 150, 10.5, '100', null]) {
      const response = await apply(app, cookie, { credits_to_use });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(/credits_to_use/);
    }
    expect((await apply(app, cookie, { credits_to_use: 5000 })).json()).toEqual({ error: 'You can use at most $49 of credits.', code: 'too_many_credits' });
    expect((await apply(app, cookie, { credits_to_use: 500 })).json()).toEqual({ error: 'You do not have enough credits for that amount.', code: 'not_enough_credits' });
  });

  it('50 concurrent apply-credits calls never drive a balance below zero', async () => {
    const { app, database } = await buildPaymentsApp(target);
    const { uid, cookie } = await startSession(app);
    await info(app, cookie);
    await database.db.updateTable('referral_accounts').set({ credits_cents: 1000 }).where('uid', '=', uid).execute();
    // Different amounts, so no call can simply reuse another's open checkout.
    const responses = await Promise.all(Array.from({ length: 50 }, (_, index) => apply(app, cookie, { credits_to_use: 100 * (1 + (index % 10)) })));
    const reserved = responses.filter((response) => response.statusCode === 200)
      .map((response) => 4900 - response.json<{ final_price: number }>().final_price);
    const distinct = [...new Set(reserved)];
    expect(responses.every((response) => [200, 409].includes(response.statusCode))).toBe(true);
    const balance = await balanceOf(app, cookie);
    expect(balance).toBeGreaterThanOrEqual(0);
    const open = await database.db.selectFrom('checkout_sessions').select('credits_cents').where('status', '=', 'open').execute();
    expect(balance + open.reduce((sum, row) => sum + row.credits_cents, 0)).toBe(1000);
    expect(distinct.length).toBeGreaterThan(0);
  });
});
