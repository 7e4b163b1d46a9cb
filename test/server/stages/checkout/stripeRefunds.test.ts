// Payments that must not stand, against the fake Stripe API: a second payment of an already-paid browser is
// refunded exactly once; a refund or dispute takes the referrer's reward back and leaves revenue net of it.
import { describe, expect, it } from 'vitest';
import { rebuildRollups } from '../../../../src/server/db/rollups.ts';
import { testDatabases } from '../../databases.ts';
import { setPlan, startSession, TEST_ADMIN_TOKEN } from '../../helper.ts';
import { balanceOf, giveCredits, issueCode, upgrade, withCredits } from '../../payments/moneyHelpers.ts';
import { post } from '../../payments/paymentsApp.ts';
import { completed, deliver, sessionIdOf, stripeApp, stripeEvent, verify, whoami } from '../../payments/stripeHelpers.ts';

describe.each(testDatabases)('automatic refunds and reversed referrals on $name', (target) => {
  it('two sessions of one browser both paid: one kept, the other refunded once, even when the webhook is replayed', async () => {
    const { app, fake, events, database } = await stripeApp(target);
    const { uid, cookie } = await startSession(app);
    const older = sessionIdOf(String((await upgrade(app, cookie)).headers.location));
    // Paid in its tab just before the student started another checkout (its webhook is still on the way).
    const olderPaid = fake.pay(older);
    await giveCredits(app, database, uid, cookie, 500);
    const newer = sessionIdOf((await withCredits(app, cookie, 500)).json<{ checkout_url: string }>().checkout_url);
    expect(newer).not.toBe(older);
    const newerPaid = fake.pay(newer);

    expect((await deliver(app, completed('evt_new', newerPaid))).statusCode).toBe(200);
    expect(await whoami(app, cookie)).toBe('paid');
    const olderEvent = completed('evt_old', olderPaid);
    await deliver(app, olderEvent);
    await deliver(app, olderEvent);
    await deliver(app, stripeEvent('evt_old_async', 'checkout.session.async_payment_succeeded', olderEvent.data.object));
    const verified = await verify(app, older, cookie);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ plan: 'paid', transaction_id: older, value: 49, refunded: 'already_paid' });
    await verify(app, older, cookie);

    expect(fake.refundCalls).toEqual([{ paymentIntent: olderPaid.payment_intent, idempotencyKey: expect.stringMatching(/^refund_co_/) }]);
    // Stripe then reports the refund it made: the plan the kept payment granted stays.
    await deliver(app, stripeEvent('evt_refund', 'charge.refunded', { id: 'ch_1', object: 'charge', payment_intent: olderPaid.payment_intent }));
    expect(await whoami(app, cookie)).toBe('paid');
    expect((await verify(app, newer, cookie)).json()).toMatchObject({ plan: 'paid', value: 44, discount_applied: true });
    expect((await verify(app, newer, cookie)).json()).not.toHaveProperty('refunded');
    expect(events.filter((event) => event.name === 'purchase')).toEqual([
      expect.objectContaining({ params: expect.objectContaining({ transaction_id: newer }) }),
    ]);
  });

  it('a refund due while Stripe is unreachable is retried by the sweeper, with the same idempotency key', async () => {
    const { app, fake, database } = await stripeApp(target);
    const { uid, cookie } = await startSession(app);
    const id = sessionIdOf(String((await upgrade(app, cookie)).headers.location));
    const paid = fake.pay(id);
    await setPlan(app, uid, 'paid');
    fake.failNetwork(true);
    await deliver(app, completed('evt_1', paid));
    fake.failNetwork(false);
    expect(fake.refundCalls).toHaveLength(0);
    const { sweepAbandoned } = await import('../../../../src/server/payments/sweeper.ts');
    const { createStripeAdapter } = await import('../../../../src/server/payments/stripeAdapter.ts');
    const deps = {
      db: database.db, clock: () => new Date(), publicUrl: 'http://localhost:8080', referralRewardCents: 500, events: () => undefined,
      payments: createStripeAdapter({ secretKey: 'sk_test_fake123', api: fake.api }),
    };
    expect(await sweepAbandoned(deps)).toMatchObject({ ran: true, refunded: 1 });
    expect(await sweepAbandoned(deps)).toMatchObject({ ran: true, refunded: 0 });
    expect(fake.refundCalls).toEqual([{ paymentIntent: paid.payment_intent, idempotencyKey: expect.stringMatching(/^refund_co_/) }]);
  });

  it('a payment whose code another purchase used grants nothing and is refunded', async () => {
    const { app, fake, database } = await stripeApp(target);
    const { uid, cookie } = await startSession(app);
    await giveCredits(app, database, uid, cookie, 500);
    const code = await issueCode(app, cookie);
    const checkoutWithCode = async () => sessionIdOf((await app.inject(post('/api/create-discounted-checkout', cookie, { code, user_email: 'maya@example.com' })))
      .json<{ checkout_url: string }>().checkout_url);
    const first = await checkoutWithCode();
    const firstPaid = fake.pay(first);
    // Before its webhook arrives the student moves on: a credits checkout, then the code again, paid at once.
    await withCredits(app, cookie, 500);
    const second = await checkoutWithCode();
    expect(second).not.toBe(first);
    await deliver(app, completed('evt_second', fake.pay(second)));
    expect(await whoami(app, cookie)).toBe('paid');
    // An operator takes the plan back; the first payment, carrying the used code, still gets no second discount.
    await setPlan(app, uid, 'free');
    await deliver(app, completed('evt_first', firstPaid));
    expect(await whoami(app, cookie)).toBe('free');
    const verified = await verify(app, first, cookie);
    expect(verified.json()).toMatchObject({ plan: 'free', value: 29, refunded: 'code_used' });
    expect(fake.refundCalls).toEqual([{ paymentIntent: firstPaid.payment_intent, idempotencyKey: expect.stringMatching(/^refund_co_/) }]);
  });

  it('a refund takes the referrer’s reward back: unspent first, the spent part owed and repaid from the next reward', async () => {
    const { app, fake, database } = await stripeApp(target, { env: { REFERRAL_REWARD_CENTS: '700' }, recordEvents: true });
    const referrer = await startSession(app);
    const referralCode = (await app.inject({ method: 'GET', url: '/api/referrals/info', headers: { cookie: referrer.cookie } })).json<{ referral_code: string }>().referral_code;
    const buy = async (name: string) => {
      const friend = await startSession(app);
      await app.inject(post('/api/referrals/track', friend.cookie, { referral_code: referralCode, referee_email: `${name}@example.com`, referee_name: name }));
      const paid = fake.pay(sessionIdOf(String((await upgrade(app, friend.cookie)).headers.location)));
      await deliver(app, completed(`evt_${name}`, paid));
      return { friend, paid };
    };
    const first = await buy('ana');
    expect((await balanceOf(database, referrer.uid)).credits_cents).toBe(700);
    // The referrer spends 300 of it on a checkout of their own (reserved now, spent when paid).
    await withCredits(app, referrer.cookie, 300);
    expect(await balanceOf(database, referrer.uid)).toEqual({ credits_cents: 400, owed_cents: 0 });

    await deliver(app, stripeEvent('evt_refund', 'charge.refunded', { id: 'ch_1', object: 'charge', payment_intent: first.paid.payment_intent }));
    expect(await whoami(app, first.friend.cookie)).toBe('free');
    expect(await balanceOf(database, referrer.uid)).toEqual({ credits_cents: 0, owed_cents: 300 });
    const referral = await database.db.selectFrom('referrals').select(['reversed_at', 'reward_cents']).where('referee_uid', '=', first.friend.uid).executeTakeFirstOrThrow();
    expect(referral.reversed_at).not.toBeNull();
    expect(referral.reward_cents).toBe(700);
    // A replayed refund (or a dispute of the same payment) takes nothing more.
    await deliver(app, stripeEvent('evt_dispute', 'charge.dispute.created', { id: 'dp_1', object: 'dispute', payment_intent: first.paid.payment_intent }));
    expect(await balanceOf(database, referrer.uid)).toEqual({ credits_cents: 0, owed_cents: 300 });

    await buy('ben');
    expect(await balanceOf(database, referrer.uid)).toEqual({ credits_cents: 400, owed_cents: 0 });

    const revenue = await app.inject({ method: 'GET', url: '/api/admin/revenue', headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } });
    expect(revenue.json()).toMatchObject({ purchases: 2, refunds: 1, revenue: 49, averagePrice: 49 });
    const trends = await app.inject({ method: 'GET', url: '/api/admin/trends', headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } });
    const days = trends.json<{ days: Array<{ revenue: number; purchases: number }> }>().days;
    expect(days.reduce((sum, day) => sum + day.revenue, 0)).toBe(49);
    // Rebuilding the rollups from the events keeps the refund (the checkout rows remember it).
    await rebuildRollups(database.db);
    const rebuilt = await app.inject({ method: 'GET', url: '/api/admin/revenue', headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } });
    expect(rebuilt.json()).toMatchObject({ purchases: 2, refunds: 1, revenue: 49 });
  });
});
