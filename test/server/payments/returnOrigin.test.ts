// With PUBLIC_URL unset, a checkout returns to the loopback address the student used (where their cookie is);
// it never returns to an address a request merely names.
import { describe, expect, it } from 'vitest';
import type { App } from '../../../src/server/app.ts';
import { testDatabases } from '../databases.ts';
import { cookiePair } from '../helper.ts';
import { buildPaymentsApp, localIdFrom } from './paymentsApp.ts';

const LOOPBACKS = ['http://localhost:8080', 'http://127.0.0.1:8080', 'http://[::1]:8080'];

/**
 * The Upgrade button pressed in a browser that has the app open at `origin` (its form posts with that Origin),
 * or, `sendOrigin` false, a request merely addressed there (no Origin, as a script that is not a browser sends).
 */
const upgradeAt = (app: App, origin: string, sendOrigin = true) => app.inject({
  method: 'POST', url: '/api/checkout/upgrade', payload: '',
  headers: {
    host: new URL(origin).host, accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded', ...(sendOrigin ? { origin } : {}),
  },
});

const payAt = (app: App, origin: string, location: string, cookie: string) => app.inject({
  method: 'POST', url: `/checkout/local/${localIdFrom(location)}/pay`, payload: '',
  headers: { host: new URL(origin).host, origin, cookie, 'content-type': 'application/x-www-form-urlencoded' },
});

describe.each(testDatabases)('the origin a checkout returns to, on $name', (target) => {
  it('is the loopback address the student used while PUBLIC_URL is unset', async () => {
    const { app } = await buildPaymentsApp(target, { env: { PUBLIC_URL: '' } });
    for (const origin of LOOPBACKS) {
      const started = await upgradeAt(app, origin);
      expect(started.statusCode, origin).toBe(303);
      const location = String(started.headers.location);
      expect(location.startsWith(`${origin}/checkout/local/cs_local_`), location).toBe(true);
      const paid = await payAt(app, origin, location, cookiePair(started.headers['set-cookie']));
      expect(paid.statusCode, origin).toBe(303);
      expect(String(paid.headers.location).startsWith(`${origin}/thank-you?session_id=cs_local_`), origin).toBe(true);
    }
  });

  it('follows the page\'s Origin for a checkout started by a fetch (the discount and credit checkouts)', async () => {
    const { app } = await buildPaymentsApp(target, { env: { PUBLIC_URL: '' } });
    const origin = 'http://[::1]:8080';
    const session = await app.inject({ method: 'POST', url: '/api/session', headers: { host: '[::1]:8080', origin } });
    const cookie = cookiePair(session.headers['set-cookie']);
    const info = await app.inject({ method: 'GET', url: '/api/referrals/info', headers: { cookie }, query: { user_id: session.json().uid } });
    expect(info.statusCode).toBe(200);
    const started = await app.inject({
      method: 'POST', url: '/api/referrals/apply-credits', headers: { host: '[::1]:8080', origin, cookie },
      payload: { user_id: session.json().uid, credits_to_use: 0 },
    });
    expect(started.statusCode).toBe(200);
    expect(String(started.json().checkout_url).startsWith(`${origin}/checkout/local/`)).toBe(true);
  });

  it('is PUBLIC_URL for any other Host or Origin, and always PUBLIC_URL once it is set', async () => {
    const unset = await buildPaymentsApp(target, { env: { PUBLIC_URL: '' } });
    for (const origin of ['http://evil.example', 'http://127.0.0.1:9999', 'http://localhost.evil.example:8080', 'http://127.0.0.2:8080']) {
      const started = await upgradeAt(unset.app, origin, false);
      expect(String(started.headers.location).startsWith('http://localhost:8080/checkout/local/'), origin).toBe(true);
      // A browser's form from such an address names it as its Origin, and is refused outright.
      expect((await upgradeAt(unset.app, origin)).statusCode, origin).toBe(403);
    }
    const set = await buildPaymentsApp(target, { env: { PUBLIC_URL: 'https://essays.example.com', COOKIE_SECRET: 'c'.repeat(40) } });
    const started = await upgradeAt(set.app, 'http://127.0.0.1:8080', false);
    expect(String(started.headers.location).startsWith('https://essays.example.com/checkout/local/')).toBe(true);
  });
});
