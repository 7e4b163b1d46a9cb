// New anonymous sessions per client network: a browser that keeps its cookie is never counted; one address
// minting fresh sessions (through POST /api/session, a first analytics beacon, the promo popup's code request
// or the landing page's Upgrade button) is slowed.
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../databases.ts';
import { buildTestApp, cookiePair, TEST_ORIGIN } from '../helper.ts';

const beacon = (remoteAddress: string) => ({
  method: 'POST' as const,
  url: '/api/events',
  remoteAddress,
  headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
  payload: JSON.stringify({ events: [{ name: 'page_viewed', timestamp: '2026-03-02T10:00:00.000Z', params: { page_path: '/form' } }] }),
});

describe.each(testDatabases)('the new-session limit per network on $name', (target) => {
  it('refuses the network\'s new sessions past SESSION_LIMIT_PER_IP per window, never a returning browser', async () => {
    let now = Date.parse('2026-03-01T12:00:00Z');
    const { app } = await buildTestApp(target, {
      env: { SESSION_LIMIT_PER_IP: '3', SESSION_LIMIT_WINDOW: '1h' }, clock: () => new Date(now),
    });
    const start = (remoteAddress: string, cookie?: string) =>
      app.inject({ method: 'POST', url: '/api/session', remoteAddress, headers: cookie ? { cookie } : {} });
    const first = await start('203.0.113.5');
    const cookie = cookiePair(first.headers['set-cookie']);
    expect((await start('203.0.113.5')).statusCode).toBe(200);
    expect((await app.inject(beacon('203.0.113.5'))).statusCode).toBe(200);
    const refused = await start('203.0.113.5');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: 'Too many new visitors from your network. Please wait 1 hour and try again.',
      code: 'too_many_sessions',
    });
    expect(Number(refused.headers['retry-after'])).toBe(3600);
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect((await app.inject(beacon('203.0.113.5'))).statusCode).toBe(429);
    // The browser that already has its session keeps it, as often as it asks.
    for (let i = 0; i < 5; i += 1) expect((await start('203.0.113.5', cookie)).statusCode).toBe(200);
    expect((await start('198.51.100.1')).statusCode).toBe(200);
    now += 3_600_000;
    expect((await start('203.0.113.5')).statusCode).toBe(200);
  });

  it('counts sessions started by a code request or an Upgrade button too, so no route mints around the limit', async () => {
    const { app } = await buildTestApp(target, { env: { SESSION_LIMIT_PER_IP: '2' } });
    const askForCode = () => app.inject({
      method: 'POST', url: '/api/discount-codes', remoteAddress: '203.0.113.9',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' }, payload: JSON.stringify({ email: 'maya@example.com' }),
    });
    const upgrade = () => app.inject({ method: 'POST', url: '/api/checkout/upgrade', remoteAddress: '203.0.113.9', headers: { origin: TEST_ORIGIN } });
    const code = await askForCode();
    expect(code.statusCode).toBe(200);
    expect(code.headers['set-cookie']).toBeDefined();
    expect((await upgrade()).statusCode).toBe(303);
    const refusedCode = await askForCode();
    expect(refusedCode.statusCode).toBe(429);
    expect(refusedCode.json()).toMatchObject({ code: 'too_many_sessions' });
    expect((await upgrade()).statusCode).toBe(429);
    expect((await app.inject({ method: 'POST', url: '/api/session', remoteAddress: '203.0.113.9' })).statusCode).toBe(429);
  });

  it('counts an IPv6 client by its /64', async () => {
    const { app } = await buildTestApp(target, { env: { SESSION_LIMIT_PER_IP: '2' } });
    const start = (remoteAddress: string) => app.inject({ method: 'POST', url: '/api/session', remoteAddress });
    expect((await start('2001:db8:7:7::1')).statusCode).toBe(200);
    expect((await start('2001:db8:7:7:1:2:3:4')).statusCode).toBe(200);
    expect((await start('2001:db8:7:7:ffff:ffff:ffff:fffe')).statusCode).toBe(429);
    expect((await start('2001:db8:7:8::1')).statusCode).toBe(200);
  });
});
