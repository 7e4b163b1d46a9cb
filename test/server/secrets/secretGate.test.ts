// The attacks on secrets, through the real app: a stranger sharing the operator's network sprays wrong tokens;
// the scraper and the operator presenting the right one are still admitted within their routes' own rates,
// each kind is counted apart, a browser is held to its own bound before its network, and no wrong token, nor
// a code guesser refused once its guesses are spent, spends the API allowance students share.
import { describe, expect, it } from 'vitest';
import type { App } from '../../../src/server/app.ts';
import { SECRET_KINDS } from '../../../src/server/secrets/secretKinds.ts';
import { testDatabases } from '../databases.ts';
import { buildTestApp, startSession, TEST_ADMIN_TOKEN } from '../helper.ts';

const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
const NETWORK = '198.51.100.7';
const FROZEN = new Date('2026-03-01T12:00:00Z');

const scrape = (app: App, token: string) =>
  app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` }, remoteAddress: NETWORK });
const adminRead = (app: App, token: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/api/admin/usage', headers: { authorization: `Bearer ${token}`, ...headers }, remoteAddress: NETWORK });

describe.each(testDatabases)('the secret gate against guessers on $name', (target) => {
  // The clock stands still: every attempt falls in one window however long a busy machine takes.
  const build = (env: Record<string, string> = {}) => buildTestApp(target, { env: { METRICS_TOKEN, ...env }, clock: () => FROZEN });

  it('admits the scraper\'s right token after 60 wrong ones from its network, within the scrape\'s own rate', async () => {
    const { app } = await build();
    const statuses: number[] = [];
    for (let guess = 0; guess < 60; guess += 1) statuses.push((await scrape(app, `guess-${guess}`)).statusCode);
    const bound = SECRET_KINDS['metrics-token'].wrongPerNetwork.max;
    expect(statuses.slice(0, bound).every((status) => status === 401)).toBe(true);
    expect(new Set(statuses.slice(bound))).toEqual(new Set([429]));
    const right = await scrape(app, METRICS_TOKEN);
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('essay_http_requests_total');
    // The right token has the scrape's own figure (60 a minute), none of it spent by the guesses.
    for (let again = 1; again < 60; again += 1) expect((await scrape(app, METRICS_TOKEN)).statusCode).toBe(200);
    const over = await scrape(app, METRICS_TOKEN);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'rate_limited' });
  });

  it('answers 12 wrong admin tokens 429 past the network\'s bound, and still admits the operator\'s right one', async () => {
    const { app } = await build();
    const statuses: number[] = [];
    for (let guess = 0; guess < 12; guess += 1) statuses.push((await adminRead(app, `guess-${guess}`)).statusCode);
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429]);
    const locked = await adminRead(app, 'guess-12');
    expect(locked.json()).toEqual({ error: expect.stringMatching(/^Too many wrong admin tokens\. Try again in \d+ seconds\.$/), code: 'rate_limited' });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await adminRead(app, TEST_ADMIN_TOKEN)).statusCode).toBe(200);
    // Each kind has its own count: the admin guesses left the metrics token's untouched.
    expect((await scrape(app, 'a-metrics-guess')).statusCode).toBe(401);
  });

  it('holds one browser to its own bound before its network is counted', async () => {
    const { app } = await build();
    const { cookie } = await startSession(app);
    const perBrowser = SECRET_KINDS['admin-token'].wrongPerBrowser.max;
    const statuses: number[] = [];
    for (let guess = 0; guess <= perBrowser + 3; guess += 1) statuses.push((await adminRead(app, `guess-${guess}`, { cookie })).statusCode);
    expect(statuses).toEqual([...Array<number>(perBrowser).fill(401), 429, 429, 429, 429]);
    // Its refused guesses were not counted against the network: a classmate's wrong token is a plain 401.
    const classmate = await startSession(app);
    expect((await adminRead(app, 'other-guess', { cookie: classmate.cookie })).statusCode).toBe(401);
  });

  it('never spends the API allowance on wrong tokens', async () => {
    const { app } = await build({ RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW: '1m' });
    for (let guess = 0; guess < 12; guess += 1) await adminRead(app, `guess-${guess}`);
    for (let call = 0; call < 3; call += 1) {
      expect((await app.inject({ method: 'GET', url: '/api/whoami', remoteAddress: NETWORK })).statusCode).toBe(200);
    }
    expect((await app.inject({ method: 'GET', url: '/api/whoami', remoteAddress: NETWORK })).statusCode).toBe(429);
  });

  it('refuses a code guesser whose guesses are spent before its requests count against the API allowance', async () => {
    const { app } = await build({ RATE_LIMIT_MAX: '8', RATE_LIMIT_WINDOW: '1m' });
    const { cookie } = await startSession(app);
    const guess = (code: string) => app.inject({
      method: 'POST', url: '/api/validate-discount', headers: { cookie }, payload: { code }, remoteAddress: NETWORK,
    });
    const perBrowser = SECRET_KINDS['discount-code'].wrongPerBrowser.max;
    for (let attempt = 0; attempt < perBrowser; attempt += 1) {
      expect((await guess(`LAUNCH2024-AAAAA${attempt}`)).json()).toMatchObject({ valid: false });
    }
    for (let attempt = 0; attempt < 20; attempt += 1) {
      expect((await guess(`LAUNCH2024-BBBBB${attempt % 10}`)).json()).toMatchObject({ code: 'discount_code_attempts' });
    }
    // The five answered guesses were 5 of the network's 8 calls (the session was started elsewhere): 3 are left.
    for (let call = 0; call < 3; call += 1) {
      expect((await app.inject({ method: 'GET', url: '/api/whoami', headers: { cookie }, remoteAddress: NETWORK })).statusCode).toBe(200);
    }
    expect((await app.inject({ method: 'GET', url: '/api/whoami', headers: { cookie }, remoteAddress: NETWORK })).statusCode).toBe(429);
  });
});
