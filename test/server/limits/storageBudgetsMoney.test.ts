// The daily storage budgets of codes, referrals, checkouts and the operator's plan changes, attacked through the
// real routes: a browser's day of rows, then one more is refused with a readable 429 and what it had still
// works; fresh browsers from one network meet the network's figure (STUDENTS_PER_NETWORK=1: one browser's).
import { beforeEach, describe, expect, it } from 'vitest';
import { REFERRAL_INFO_BUDGET, REFERRAL_TRACK_BUDGET } from '../../../src/server/stages/referrals/routes.ts';
import { DISCOUNT_CODE_BUDGET } from '../../../src/server/stages/discount/routes.ts';
import { ADMIN_PLAN_BUDGET } from '../../../src/server/stages/admin/routes.ts';
import { CHECKOUT_START, CHECKOUT_STORAGE } from '../../../src/server/payments/startCheckout.ts';
import { testDatabases } from '../databases.ts';
import { startSession, TEST_ADMIN_TOKEN, TEST_ORIGIN } from '../helper.ts';
import { useTestApp } from '../useTestApp.ts';
import { browserOn, expectDailyRefusal, SECONDS_TO_MIDNIGHT, storageOf } from './storageBudgetHelpers.ts';

const NOON = Date.parse('2026-03-02T12:00:00Z');
const NETWORK = '203.0.113.7';

describe.each(testDatabases)('daily storage budgets of codes, referrals and checkouts on $name', (target) => {
  // One app for the describe, its tables emptied and its limits forgotten before each test; its clock back at noon.
  let now = NOON;
  beforeEach(() => {
    now = NOON;
  });
  const testApp = useTestApp(target, { env: { SESSION_LIMIT_PER_IP: '1000', STUDENTS_PER_NETWORK: '1' }, clock: () => new Date(now) });
  const app = async () => {
    const built = testApp();
    const send = (method: 'GET' | 'POST', url: string, cookie: string | undefined, payload?: object, remoteAddress = NETWORK) =>
      built.app.inject({ method, url, headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) }, remoteAddress, ...(payload ? { payload } : {}) });
    return { ...built, send, nextMinute: () => (now += 60_000) };
  };

  it('discount codes: a browser\'s codes of the day, then a 429, and its first code still works', async () => {
    const { app: server, send } = await app();
    const { rows } = storageOf(DISCOUNT_CODE_BUDGET).perBrowser;
    const cookie = await browserOn(server, NETWORK);
    const codes: string[] = [];
    for (let index = 0; index < rows; index += 1) {
      const issued = await send('POST', '/api/discount-codes', cookie, { email: `maya${index}@example.com` });
      expect(issued.statusCode).toBe(200);
      codes.push(issued.json<{ code: string }>().code);
    }
    expectDailyRefusal(await send('POST', '/api/discount-codes', cookie, { email: 'one-more@example.com' }), 'browser');
    expect((await send('POST', '/api/validate-discount', cookie, { code: codes[0] })).json()).toMatchObject({ valid: true });
    // A fresh browser (its session made by this very call) meets the network's figure.
    expectDailyRefusal(await send('POST', '/api/discount-codes', undefined, { email: 'classmate@example.com' }), 'network');
  });

  it('referrals: a browser\'s referrals of the day, then a 429, and a classmate meets the network\'s', async () => {
    const { app: server, send } = await app();
    const referrer = await startSession(server);
    const code = (await send('GET', '/api/referrals/info', referrer.cookie, undefined, '198.51.100.1')).json<{ referral_code: string }>().referral_code;
    const track = (cookie: string) => send('POST', '/api/referrals/track', cookie, { referral_code: code, referee_email: 'sam@example.com', referee_name: 'Sam' });
    const cookie = await browserOn(server, NETWORK);
    const { rows } = storageOf(REFERRAL_TRACK_BUDGET).perBrowser;
    for (let index = 0; index < rows; index += 1) expect((await track(cookie)).statusCode).toBe(200);
    expectDailyRefusal(await track(cookie), 'browser');
    expectDailyRefusal(await track(await browserOn(server, NETWORK)), 'network');
  });

  it('referral accounts: fresh browsers on one network open the network\'s accounts, and an open one keeps answering', async () => {
    const { app: server, send } = await app();
    const { rows } = storageOf(REFERRAL_INFO_BUDGET).perBrowser;
    const opened: string[] = [];
    for (let index = 0; index < rows; index += 1) {
      const cookie = await browserOn(server, NETWORK);
      expect((await send('GET', '/api/referrals/info', cookie)).statusCode).toBe(200);
      opened.push(cookie);
    }
    expectDailyRefusal(await send('GET', '/api/referrals/info', await browserOn(server, NETWORK)), 'network');
    expect((await send('GET', '/api/referrals/info', opened[0])).json()).toMatchObject({ referral_code: expect.stringMatching(/^REFER-/) });
  });

  it('checkouts: every way of starting one shares the day\'s rows; past them a 429, and the last checkout can still be paid', async () => {
    const { app: server, send, nextMinute } = await app();
    const cookie = await browserOn(server, NETWORK);
    const perStart = CHECKOUT_START.rows + 1; // a start with credits may also open the referral account
    const starts = Math.floor(CHECKOUT_STORAGE.perBrowser.rows / perStart);
    let url = '';
    for (let index = 0; index < starts; index += 1) {
      if (index > 0 && index % 30 === 0) nextMinute();
      const started = await send('POST', '/api/referrals/apply-credits', cookie, { credits_to_use: 0 });
      expect(started.statusCode, started.body).toBe(200);
      url = started.json<{ checkout_url: string }>().checkout_url;
    }
    nextMinute();
    expectDailyRefusal(await send('POST', '/api/referrals/apply-credits', cookie, { credits_to_use: 0 }), 'browser', SECONDS_TO_MIDNIGHT - Math.ceil(starts / 30) * 60);
    // The Upgrade button counts against the same rows: refused too, in words a person reads.
    const upgrade = await server.inject({
      method: 'POST', url: '/api/checkout/upgrade', payload: '', remoteAddress: NETWORK,
      headers: { cookie, origin: TEST_ORIGIN, accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(upgrade.statusCode).toBe(429);
    expect(upgrade.body).toContain('Essay Studio has kept as many checkouts from this browser today as it can.');
    expect(Number(upgrade.headers['retry-after'])).toBeGreaterThan(0);
    expect((await server.inject({ method: 'GET', url: new URL(url).pathname, headers: { cookie } })).statusCode).toBe(200);
    expectDailyRefusal(await send('POST', '/api/checkout/upgrade', await browserOn(server, NETWORK), {}), 'network', SECONDS_TO_MIDNIGHT - Math.ceil(starts / 30) * 60);
  }, 60_000);

  it('plan changes: the operator\'s day of rows, then a 429', async () => {
    const { app: server } = await app();
    const { rows } = storageOf(ADMIN_PLAN_BUDGET).perBrowser;
    const grant = (uid: string) => server.inject({
      method: 'POST', url: '/api/admin/entitlements', remoteAddress: NETWORK,
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` }, payload: { uid, plan: 'paid', reason: 'support ticket' },
    });
    const uid = (n: number) => `uid${String(n).padStart(19, '0')}`;
    for (let n = 0; n < rows / 2; n += 1) expect((await grant(uid(n))).statusCode).toBe(200);
    const refused = await grant(uid(rows));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toMatch(/^daily_storage_/);
  }, 120_000);
});
