// The request rates the budgets declare, through the real app: the probes stay outside the network's API
// allowance with a count of their own, a browser is held to its own figure without costing its classmates,
// the signed webhook is never refused for its network's use, and a route that takes no body refuses one.
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { loopCpu, MINUTE_MS, PROBE_BUDGET, type RouteBudget, storesNothing } from '../../../src/server/limits/budgets.ts';
import { testDatabases } from '../databases.ts';
import { buildTestApp, startSession, TEST_ORIGIN } from '../helper.ts';

const STRIPE_SECRET = 'whsec_testsecret0123456789';
const STRIPE_ENV = { STRIPE_SECRET_KEY: 'sk_test_fake123', STRIPE_WEBHOOK_SECRET: STRIPE_SECRET };

describe.each(testDatabases)('request rates from the declared budgets on $name', (target) => {
  it('answers /api/health and /api/ready to a network that has used up its API allowance, and they never spend it', async () => {
    const { app } = await buildTestApp(target, { env: { RATE_LIMIT_MAX: '5', RATE_LIMIT_WINDOW: '1m' } });
    const call = (url: string) => app.inject({ method: 'GET', url, remoteAddress: '203.0.113.9' });
    for (let probe = 0; probe < 20; probe += 1) {
      expect((await call('/api/health')).statusCode).toBe(200);
      expect((await call('/api/ready')).statusCode).toBe(200);
    }
    for (let used = 0; used < 5; used += 1) expect((await call('/api/whoami')).statusCode).toBe(200);
    expect((await call('/api/whoami')).statusCode).toBe(429);
    expect((await call('/api/health')).json()).toEqual({ status: 'ok', database: 'ok' });
    expect((await call('/api/ready')).json()).toEqual({ status: 'ready' });
  });

  it('gives the probes a generous count of their own per network', async () => {
    const { app } = await buildTestApp(target);
    const figure = PROBE_BUDGET.rate.perNetwork ?? 0;
    const statuses: number[] = [];
    for (let probe = 0; probe <= figure; probe += 1) statuses.push((await app.inject({ method: 'GET', url: '/api/ready', remoteAddress: '203.0.113.10' })).statusCode);
    expect(statuses.slice(0, figure).every((status) => status === 200)).toBe(true);
    expect(statuses[figure]).toBe(429);
    // A probe from another network, and the other probe, keep their own counts.
    expect((await app.inject({ method: 'GET', url: '/api/ready', remoteAddress: '203.0.113.11' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/health', remoteAddress: '203.0.113.10' })).statusCode).toBe(200);
  });

  it('holds a browser to its own figure with words about this browser, and its classmate on the network goes on', async () => {
    // The clock stands still: the 61 calls fall in one window however long a busy machine takes to send them.
    const now = new Date();
    const { app } = await buildTestApp(target, { clock: () => now });
    const first = await startSession(app);
    const second = await startSession(app);
    const whoami = (cookie: string) => app.inject({ method: 'GET', url: '/api/whoami', headers: { cookie } });
    for (let call = 0; call < 60; call += 1) expect((await whoami(first.cookie)).statusCode).toBe(200);
    const refused = await whoami(first.cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'rate_limited', error: 'Too many requests from this browser. Please wait 1 minute and try again.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await whoami(second.cookie)).statusCode).toBe(200);
  });

  it('never refuses the signed webhook for its network\'s use, nor lets it spend the API allowance', async () => {
    const { app } = await buildTestApp(target, { env: { ...STRIPE_ENV, RATE_LIMIT_MAX: '1', RATE_LIMIT_WINDOW: '1m' } });
    const deliver = (payload: string, signature: string) => app.inject({
      method: 'POST', url: '/api/stripe/webhook', remoteAddress: '203.0.113.12',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload,
    });
    for (let index = 0; index < 10; index += 1) {
      const payload = JSON.stringify({ id: `evt_${index}`, object: 'event', type: 'customer.created', data: { object: { id: `cus_${index}` } } });
      expect((await deliver(payload, 'forged')).statusCode).toBe(400);
      const signed = await deliver(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_SECRET }));
      expect(signed.statusCode).toBe(200);
    }
    expect((await app.inject({ method: 'GET', url: '/api/whoami', remoteAddress: '203.0.113.12' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/whoami', remoteAddress: '203.0.113.12' })).statusCode).toBe(429);
  });

  it('counts a proven request after its proof, and past its figure only warns', async () => {
    const lines: string[] = [];
    const { app } = await buildTestApp(target, { env: { LOG_LEVEL: 'warn' }, logger: { write: (line) => lines.push(line) } });
    const budget: RouteBudget = {
      body: 0,
      rate: { windowMs: MINUTE_MS, perBrowser: null, perNetwork: 2, apiAllowance: false, countedAfterProof: true },
      storage: storesNothing('a test'),
      use: 'a test',
      cpu: loopCpu(5, 'a test'),
    };
    app.post('/api/test/proven', { config: { budget } }, async (request) => {
      await request.countProven();
      return { ok: true };
    });
    for (let call = 0; call < 3; call += 1) expect((await app.inject({ method: 'POST', url: '/api/test/proven' })).statusCode).toBe(200);
    expect(lines.filter((line) => line.includes('more proven requests than this route\'s budget expects'))).toHaveLength(1);
  });

  it('refuses a body sent to a route that takes none, with 413', async () => {
    const { app } = await buildTestApp(target);
    const { cookie } = await startSession(app);
    const answer = await app.inject({ method: 'DELETE', url: '/api/session', headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' }, payload: '{"a":1}' });
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toEqual({ code: 'body_not_accepted', error: 'This address takes no request body.' });
    expect((await app.inject({ method: 'DELETE', url: '/api/session', headers: { cookie, origin: TEST_ORIGIN } })).statusCode).toBe(204);
  });
});
