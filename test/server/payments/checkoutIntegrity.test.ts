// One payable checkout per browser, one discounted purchase per code, Cancel that cancels, and the sweeper:
// through HTTP and below it (the checkout service and the repository, without the in-process queue).
import { describe, expect, it } from 'vitest';
import { findCheckout } from '../../../src/server/db/checkoutSessions.ts';
import { reserveCode } from '../../../src/server/db/discountCodes.ts';
import { createLocalCheckout } from '../../../src/server/payments/localCheckout.ts';
import { type CheckoutDeps, startCheckout } from '../../../src/server/payments/startCheckout.ts';
import { sweepAbandoned } from '../../../src/server/payments/sweeper.ts';
import type { DatabaseHandle } from '../../../src/server/db/connection.ts';
import { testDatabases } from '../databases.ts';
import { setPlan, startSession, TEST_ORIGIN } from '../helper.ts';
import {
  balanceOf, cancel, checkoutPage, discounted, giveCredits, issueCode, pay, payableCheckouts, upgrade, withCredits,
} from './moneyHelpers.ts';
import { buildPaymentsApp, usePaymentsApp } from './paymentsApp.ts';

const urlOf = (response: { json: () => unknown }) => (response.json() as { checkout_url: string }).checkout_url;

function serviceDeps(database: DatabaseHandle, clock: () => Date): CheckoutDeps {
  return {
    db: database.db, clock, publicUrl: TEST_ORIGIN, referralRewardCents: 500, events: () => undefined,
    payments: createLocalCheckout({ db: database.db, publicUrl: TEST_ORIGIN, clock }),
  };
}

describe.each(testDatabases)('checkout integrity on $name', (target) => {
  // One app for the tests on the real clock (tables emptied, limits forgotten before each); the sweeper's tests
  // build their own, on a clock of their own or to close it.
  const paymentsApp = usePaymentsApp(target);

  it('20 concurrent discounted checkouts with one code from its browser: one payable, one discounted purchase', async () => {
    const { app, database, events } = paymentsApp();
    const { uid, cookie } = await startSession(app);
    const code = await issueCode(app, cookie);
    const responses = await Promise.all(Array.from({ length: 20 }, () => discounted(app, cookie, code)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    expect(await payableCheckouts(database, uid)).toHaveLength(1);
    const urls = [...new Set(responses.map(urlOf))];
    const paid = await Promise.all(urls.map((url) => pay(app, url, cookie)));
    expect(paid.filter((response) => String(response.headers.location).includes('/thank-you'))).toHaveLength(1);
    expect(events.filter((event) => event.name === 'purchase')).toEqual([
      expect.objectContaining({ params: expect.objectContaining({ value: 29, discount_applied: true }) }),
    ]);
  });

  it('20 concurrent starts below HTTP (database locks only): one checkout left open, holding the code', async () => {
    const { app, database } = paymentsApp();
    const { uid, cookie } = await startSession(app);
    const code = await issueCode(app, cookie);
    const deps = serviceDeps(database, () => new Date());
    const started = await Promise.allSettled(Array.from({ length: 20 }, (_, index) => startCheckout(deps, index % 2 === 0
      ? { uid, amountCents: 2900, discountCode: code, creditsCents: 0 }
      : { uid, amountCents: 4900, discountCode: null, creditsCents: 0 })));
    expect(started.some((result) => result.status === 'fulfilled')).toBe(true);
    const open = await payableCheckouts(database, uid);
    expect(open).toHaveLength(1);
    const holder = await database.db.selectFrom('discount_codes').select('reserved_by').where('code', '=', code).executeTakeFirstOrThrow();
    // The code is held by the one open checkout if it carries it, and by no closed one either way.
    expect(holder.reserved_by === null || holder.reserved_by === open[0]?.id).toBe(true);
    const payable = await database.db.selectFrom('local_checkout_sessions').select('id').where('status', '=', 'open').execute();
    expect(payable.map((row) => row.id)).toEqual([open[0]?.provider_session_id].filter((id) => id != null));
  });

  it('a code is reserved by a conditional update: never by a second open checkout, again once the first closes', async () => {
    const { app, database } = paymentsApp();
    const { uid, cookie } = await startSession(app);
    const code = await issueCode(app, cookie);
    const first = urlOf(await discounted(app, cookie, code));
    const holder = (await database.db.selectFrom('checkout_sessions').select('id').where('uid', '=', uid).executeTakeFirstOrThrow()).id;
    const now = new Date();
    const attempts = await Promise.all(Array.from({ length: 20 }, (_, index) => reserveCode(database.db, { code, uid, checkoutId: `co_other${index}`, now })));
    expect(attempts.filter(Boolean)).toHaveLength(0);
    expect(await reserveCode(database.db, { code, uid: 'someone-else', checkoutId: 'co_thief', now })).toBe(false);
    await cancel(app, first, cookie);
    expect((await findCheckout(database.db, holder))?.status).toBe('canceled');
    // Twenty open checkouts race for the freed code (their own browsers do not matter to the update).
    const contenders = Array.from({ length: 20 }, (_, index) => `co_next${index}`);
    await database.db.insertInto('checkout_sessions').values(contenders.map((id, index) => ({
      id, provider: 'local' as const, uid: `contender${index}`, amount_cents: 2900, discount_code: code, status: 'open' as const,
      created_at: now, expires_at: new Date(now.getTime() + 30 * 60_000),
    }))).execute();
    const after = await Promise.all(contenders.map((checkoutId) => reserveCode(database.db, { code, uid, checkoutId, now })));
    expect(after.filter(Boolean)).toHaveLength(1);
  });

  it('starting a checkout replaces the open one: the older tab can no longer pay, and its credits move', async () => {
    const { app, database, events } = paymentsApp();
    const { uid, cookie } = await startSession(app);
    await giveCredits(app, database, uid, cookie, 1000);
    const older = urlOf(await withCredits(app, cookie, 500));
    expect((await balanceOf(database, uid)).credits_cents).toBe(500);
    const code = await issueCode(app, cookie);
    const newer = urlOf(await discounted(app, cookie, code));
    expect(newer).not.toBe(older);
    expect((await balanceOf(database, uid)).credits_cents).toBe(1000);

    const page = await checkoutPage(app, older);
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('This checkout can no longer be paid');
    expect(page.body).toContain('A newer checkout was started in this browser');
    expect((await pay(app, older, cookie)).statusCode).toBe(410);
    // Upgrade now costs what the page shows: the browser's own code applies, so it is the same checkout.
    expect((await upgrade(app, cookie)).headers.location).toBe(newer);
    expect(String((await pay(app, newer, cookie)).headers.location)).toContain('/thank-you');
    expect(events.filter((event) => event.name === 'purchase')).toHaveLength(1);
  });

  it('the test checkout refuses a payment for a browser that already has the plan, charging nothing', async () => {
    const { app, events } = paymentsApp();
    const { uid, cookie } = await startSession(app);
    const url = String((await upgrade(app, cookie)).headers.location);
    await setPlan(app, uid, 'paid');
    const refused = await pay(app, url, cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('This checkout can no longer be paid');
    expect(refused.body).toContain('This browser already has the full plan, so there is nothing to pay. Nothing was charged.');
    expect((await checkoutPage(app, url)).statusCode).toBe(410);
    expect(events).toEqual([]);
  });

  it('Upgrade applies the browser’s own valid code on the server and the page says what lowered the price', async () => {
    const { app } = paymentsApp();
    const plain = await startSession(app);
    const full = String((await upgrade(app, plain.cookie)).headers.location);
    const fullPage = await checkoutPage(app, full);
    expect(fullPage.body).toContain('Pay $49 (test)');
    expect(fullPage.body).not.toContain('applied');

    const holder = await startSession(app);
    const code = await issueCode(app, holder.cookie);
    const page = await checkoutPage(app, String((await upgrade(app, holder.cookie)).headers.location));
    expect(page.body).toContain('Pay $29 (test)');
    expect(page.body).toContain(`Launch code ${code} applied: $49 less $20.`);
  });

  it('Cancel closes the checkout at once: credits and code come back, and another browser cannot cancel it', async () => {
    const { app, database } = paymentsApp();
    const { uid, cookie } = await startSession(app);
    await giveCredits(app, database, uid, cookie, 800);
    const url = urlOf(await withCredits(app, cookie, 800));
    expect((await balanceOf(database, uid)).credits_cents).toBe(0);
    const stranger = await startSession(app);
    await cancel(app, url, stranger.cookie);
    expect(await payableCheckouts(database, uid)).toHaveLength(1);

    const cancelled = await cancel(app, url, cookie);
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe('/result?checkout=cancelled');
    expect((await balanceOf(database, uid)).credits_cents).toBe(800);
    expect(await payableCheckouts(database, uid)).toHaveLength(0);
    expect((await checkoutPage(app, url)).statusCode).toBe(410);

    const code = await issueCode(app, cookie);
    const withCode = urlOf(await discounted(app, cookie, code));
    await cancel(app, withCode, cookie);
    const row = await database.db.selectFrom('discount_codes').select(['reserved_by', 'used_at']).where('code', '=', code).executeTakeFirstOrThrow();
    expect(row).toEqual({ reserved_by: null, used_at: null });
    expect((await app.inject({ method: 'POST', url: '/api/validate-discount', headers: { origin: TEST_ORIGIN, cookie }, payload: { code } })).json())
      .toMatchObject({ valid: true });
  });

  it('the sweeper closes an abandoned checkout past its 30 minutes and gives its credits and code back', async () => {
    let now = Date.parse('2026-03-01T12:00:00Z');
    const clock = () => new Date(now);
    const { app, database } = await buildPaymentsApp(target, { clock });
    const { uid, cookie } = await startSession(app);
    await giveCredits(app, database, uid, cookie, 600);
    await withCredits(app, cookie, 600);
    const other = await startSession(app);
    const code = await issueCode(app, other.cookie);
    await discounted(app, other.cookie, code);
    const deps = serviceDeps(database, clock);

    expect(await sweepAbandoned(deps)).toEqual({ ran: true, closed: 0, refunded: 0 });
    now += 30 * 60_000 + 1000;
    expect(await sweepAbandoned(deps)).toEqual({ ran: true, closed: 2, refunded: 0 });
    expect((await balanceOf(database, uid)).credits_cents).toBe(600);
    expect(await payableCheckouts(database, uid)).toHaveLength(0);
    const row = await database.db.selectFrom('discount_codes').select('reserved_by').where('code', '=', code).executeTakeFirstOrThrow();
    expect(row.reserved_by).toBeNull();
  });

  it.skipIf(target.name === 'pglite')('only one instance sweeps at a time (advisory lock)', async () => {
    const { app, database } = await buildPaymentsApp(target);
    const deps = serviceDeps(database, () => new Date());
    await database.db.connection().execute(async (held) => {
      const { sql } = await import('kysely');
      const { SWEEP_LOCK_KEY } = await import('../../../src/server/payments/sweeper.ts');
      await sql`select pg_advisory_lock(${SWEEP_LOCK_KEY}::bigint)`.execute(held);
      try {
        expect(await sweepAbandoned(deps)).toEqual({ ran: false, closed: 0, refunded: 0 });
      } finally {
        await sql`select pg_advisory_unlock(${SWEEP_LOCK_KEY}::bigint)`.execute(held);
      }
    });
    expect((await sweepAbandoned(deps)).ran).toBe(true);
    await app.close();
  });
});
