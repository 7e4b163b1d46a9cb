// Starting a checkout changes state (it closes the browser's open checkout and opens a new one), so it answers
// only a POST from the app's own pages: a GET (a link or an image on any site) starts nothing, and a POST from
// another site is refused. The one GET that closes a checkout is the provider's Cancel return, and only for the
// browser that started that checkout.
import { describe, expect, it } from 'vitest';
import type { App } from '../../../../src/server/app.ts';
import type { DatabaseHandle } from '../../../../src/server/db/connection.ts';
import { testDatabases } from '../../databases.ts';
import { cookiePair, startSession, TEST_ORIGIN } from '../../helper.ts';
import { balanceOf, giveCredits, withCredits } from '../../payments/moneyHelpers.ts';
import { buildPaymentsApp } from '../../payments/paymentsApp.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' };

const postUpgrade = (app: App, headers: Record<string, string>) =>
  app.inject({ method: 'POST', url: '/api/checkout/upgrade', payload: '', headers: { ...FORM, ...headers } });

const checkoutsOf = (database: DatabaseHandle, uid: string) =>
  database.db.selectFrom('checkout_sessions').select(['id', 'status', 'amount_cents']).where('uid', '=', uid).orderBy('created_at').execute();

/** A browser with an open $41 checkout paid partly by $8 of referral credits: a $49 Upgrade would replace it. */
async function withCreditsCheckout(app: App, database: DatabaseHandle) {
  const { uid, cookie } = await startSession(app);
  await giveCredits(app, database, uid, cookie, 800);
  expect((await withCredits(app, cookie, 800)).statusCode).toBe(200);
  expect(await checkoutsOf(database, uid)).toEqual([{ id: expect.any(String), status: 'open', amount_cents: 4100 }]);
  return { uid, cookie };
}

describe.each(testDatabases)('Upgrade only by POST from our own pages, on $name', (target) => {
  it('POST from the app’s own page answers 303 to a full-price checkout bound to this browser', async () => {
    const { app, database } = await buildPaymentsApp(target);
    const { uid, cookie } = await startSession(app);
    const response = await postUpgrade(app, { origin: TEST_ORIGIN, cookie });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toMatch(/^http:\/\/localhost:8080\/checkout\/local\/cs_local_/);
    expect(await checkoutsOf(database, uid)).toEqual([{ id: expect.any(String), status: 'open', amount_cents: 4900 }]);
  });

  it('a GET, as a link on another site would send, starts nothing and closes nothing: 405, Allow: POST', async () => {
    const { app, database } = await buildPaymentsApp(target);
    const { uid, cookie } = await withCreditsCheckout(app, database);
    const before = await checkoutsOf(database, uid);

    const navigation = await app.inject({
      method: 'GET', url: '/api/checkout/upgrade', headers: { cookie, accept: 'text/html', 'sec-fetch-site': 'cross-site' },
    });
    expect(navigation.statusCode).toBe(405);
    expect(navigation.headers.allow).toBe('POST');
    expect(navigation.headers.location).toBeUndefined();
    expect(navigation.body).toContain('Press Upgrade again');
    const fetched = await app.inject({ method: 'GET', url: '/api/checkout/upgrade', headers: { cookie, accept: 'application/json' } });
    expect(fetched.statusCode).toBe(405);
    expect(fetched.json()).toEqual({ error: 'Upgrade starts a checkout only by POST, from the Upgrade button.', code: 'method_not_allowed' });

    // The credits checkout is still open and its credits still reserved.
    expect(await checkoutsOf(database, uid)).toEqual(before);
    expect((await balanceOf(database, uid)).credits_cents).toBe(0);
  });

  it('a GET gives a browser without a session none', async () => {
    const { app } = await buildPaymentsApp(target);
    const response = await app.inject({ method: 'GET', url: '/api/checkout/upgrade', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(405);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it.each([
    ['another site’s Origin', { origin: 'https://evil.example' }],
    ['Origin: null (a sandboxed frame, a no-referrer page)', { origin: 'null' }],
    ['no Origin but Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
  ])('a POST with %s is refused with 403, and the open checkout stays open', async (_name, headers) => {
    const { app, database } = await buildPaymentsApp(target);
    const { uid, cookie } = await withCreditsCheckout(app, database);
    const before = await checkoutsOf(database, uid);
    const response = await postUpgrade(app, { ...headers, cookie });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'cross_site' });
    expect(await checkoutsOf(database, uid)).toEqual(before);
    // The same POST from our own page is what replaces it.
    expect((await postUpgrade(app, { origin: TEST_ORIGIN, cookie })).statusCode).toBe(303);
    expect((await checkoutsOf(database, uid)).map((row) => [row.status, row.amount_cents])).toEqual([['canceled', 4100], ['open', 4900]]);
  });

  it('a first POST from our own page gives the browser its session on the way', async () => {
    const { app, database } = await buildPaymentsApp(target);
    const response = await postUpgrade(app, { origin: TEST_ORIGIN });
    expect(response.statusCode).toBe(303);
    const cookie = cookiePair(response.headers['set-cookie']);
    const { uid } = (await app.inject({ method: 'POST', url: '/api/session', headers: { origin: TEST_ORIGIN, cookie } })).json<{ uid: string }>();
    expect(await checkoutsOf(database, uid)).toHaveLength(1);
  });
});

describe.each(testDatabases)('the provider’s Cancel return (GET /api/checkout/cancel) on $name', (target) => {
  const cancel = (app: App, checkoutId: string, cookie?: string) => app.inject({
    method: 'GET', url: `/api/checkout/cancel?checkout_id=${checkoutId}`, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
  });

  it('closes nothing when browser B (or a browser without a session) brings A’s checkout id', async () => {
    const { app, database } = await buildPaymentsApp(target);
    const a = await startSession(app);
    await postUpgrade(app, { origin: TEST_ORIGIN, cookie: a.cookie });
    const [checkout] = await checkoutsOf(database, a.uid);
    const b = await startSession(app);

    for (const cookie of [b.cookie, undefined]) {
      const response = await cancel(app, checkout!.id, cookie);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/result?checkout=cancelled');
    }
    expect(await checkoutsOf(database, a.uid)).toEqual([checkout]);

    // A's own browser coming back from the provider's Cancel closes it.
    await cancel(app, checkout!.id, a.cookie);
    expect(await checkoutsOf(database, a.uid)).toEqual([{ ...checkout, status: 'canceled' }]);
  });
});
