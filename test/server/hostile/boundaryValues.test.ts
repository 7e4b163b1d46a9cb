// The boundaries where the contract and the database could disagree: integers past a column's range (2^31 into
// an `integer`), times the ISO format allows but PostgreSQL cannot hold (year 0000 or 9999 with an offset),
// empty and maximal strings. Each is answered with a 2xx or a readable 4xx, never a 500: first the findings
// one by one, then bodies built from every route's schema with those values mixed in (zodArbitrary.ts).
// The seed is printed; HOSTILE_SEED and BOUNDARY_RUNS replay or widen a run.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { App } from '../../../src/server/app.ts';
import { emptyFormDocument } from '../../../src/common/questionnaire/formDocumentDefaults.ts';
import { testDatabases } from '../databases.ts';
import { buildTestApp, startSession, TEST_ADMIN_TOKEN, TEST_ORIGIN } from '../helper.ts';
import { paidSession } from '../routes/aiRequests.ts';
import { HOSTILE_ROUTES, type HostileRoute } from './hostileRoutes.ts';
import { ROOMY_LIMITS } from './roomyLimits.ts';

const RUNS_PER_ROUTE = Number(process.env.BOUNDARY_RUNS ?? 12);
const SEED = Number(process.env.HOSTILE_SEED ?? Math.floor(Math.random() * 2 ** 31));

type Route = Pick<HostileRoute, 'method' | 'url' | 'needs'>;

function request(app: App, route: Route, input: unknown, cookie: string) {
  const headers: Record<string, string> = { cookie, origin: TEST_ORIGIN };
  if (route.needs === 'admin') headers.authorization = `Bearer ${TEST_ADMIN_TOKEN}`;
  if (route.method === 'GET') {
    const query = Object.entries((input ?? {}) as Record<string, unknown>).filter(([, value]) => value !== undefined);
    return app.inject({ method: 'GET', url: `${route.url}?${new URLSearchParams(query.map(([key, value]) => [key, String(value)]))}`, headers });
  }
  return app.inject({ method: route.method, url: route.url, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(input) });
}

/** A 2xx, or a 4xx whose body says what is wrong. */
function expectAnswered(route: Route, response: { statusCode: number; body: string }): void {
  const what = `${route.method} ${route.url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`;
  expect(response.statusCode, what).toBeLessThan(500);
  if (response.statusCode >= 400) expect(JSON.parse(response.body), what).toMatchObject({ error: expect.any(String), code: expect.any(String) });
}

describe.each(testDatabases)('boundary values on $name', (target) => {
  const setup = async () => {
    const { app } = await buildTestApp(target, { env: ROOMY_LIMITS });
    const { cookie } = await startSession(app);
    return { app, cookie, paid: await paidSession(app) };
  };

  it('refuses integers past their column with a readable 400, and keeps what the database can hold', async () => {
    const { app, cookie } = await setup();
    const put = { method: 'PUT', url: '/api/forms/me' } as const;
    const form = (baseRevision: number) => request(app, put, { document: emptyFormDocument(), baseRevision }, cookie);
    for (const baseRevision of [-1, 2 ** 31, 2 ** 53]) {
      const response = await form(baseRevision);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error).toMatch(/^body\.baseRevision: /);
    }
    // 2^31 − 1 fits: no document is at that revision, so the write is stale (409), not an overflow.
    expectAnswered(put, await form(2 ** 31 - 1));
    expect((await form(0)).statusCode).toBe(200);
    const versions = { method: 'GET', url: '/api/essay-versions' } as const;
    expect((await request(app, versions, { since: 2 ** 31 }, cookie)).statusCode).toBe(400);
    expect((await request(app, versions, { since: 2 ** 31 - 1 }, cookie)).statusCode).toBe(200);
  });

  it('stores essay versions of year 0000 and 9999 (with the receive time) and keeps the good events beside such times', async () => {
    const { app, cookie } = await setup();
    const route = { method: 'POST', url: '/api/essay-versions' } as const;
    const version = (id: string, at: string) => ({ id, essayKey: 'personal', at, kind: 'edited', text: `Kept at ${at}.` });
    const saved = await request(app, route, { versions: [version('year-0000-a', '0000-01-01T00:00:00+05:30'), version('year-9999-a', '9999-12-31T23:59:59-05:00')] }, cookie);
    expect(saved.statusCode, saved.body).toBe(200);
    const events = { method: 'POST', url: '/api/events' } as const;
    const event = (timestamp: string) => ({ name: 'page_viewed', timestamp, params: { page_path: '/form' } });
    const batch = await request(app, events, { events: [event('0000-01-01T00:00:00+05:30'), event('2026-03-02T09:00:00Z'), event('9999-12-31T23:59:59-05:00')] }, cookie);
    expect(batch.statusCode, batch.body).toBe(200);
    expect(batch.json()).toMatchObject({ accepted: 1, rejected: [{ index: 0 }, { index: 2 }] });
  });

  it('answers impossible calendar times (30 February, a leap second, nine fractional digits) without a 500', async () => {
    const { app, cookie } = await setup();
    const odd = ['2026-02-30T12:00:00Z', '2026-06-30T23:59:60Z', '2026-03-02T09:00:00.123456789Z', '2026-03-02T24:00:00Z'];
    const versions = { method: 'POST', url: '/api/essay-versions' } as const;
    const saved = await request(app, versions, { versions: odd.map((at, n) => ({ id: `odd-time-${n}-a`, essayKey: 'personal', at, kind: 'edited', text: `Kept at ${at}.` })) }, cookie);
    // A device writes its times with toISOString, so a time it could not have written refuses the batch, readably.
    expect(saved.statusCode, saved.body).toBe(400);
    expect(saved.json().error).toBe('body.versions[1].at: must be a real time; body.versions[2].at: must be an ISO 8601 time');
    const events = { method: 'POST', url: '/api/events' } as const;
    const batch = await request(app, events, { events: [...odd, '2026-03-02T09:00:00Z'].map((timestamp) => ({ name: 'page_viewed', timestamp, params: { page_path: '/form' } })) }, cookie);
    // An event's bad time refuses that event alone.
    expect(batch.statusCode, batch.body).toBe(200);
    expect(batch.json()).toMatchObject({ accepted: 2, rejected: [{ index: 0 }, { index: 1 }, { index: 3 }] });
  });

  it('answers bodies built from every route schema, boundary values mixed in, with a 2xx or a readable 4xx', async () => {
    const { app, cookie, paid } = await setup();
    console.info(`boundary values on ${target.name}: seed=${SEED} runs per route=${RUNS_PER_ROUTE} (replay with HOSTILE_SEED=${SEED})`);
    for (const route of HOSTILE_ROUTES) {
      await fc.assert(fc.asyncProperty(route.input, async (input) => {
        expectAnswered(route, await request(app, route, input, route.needs === 'paid' ? paid : cookie));
      }), { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true });
    }
  }, 120_000);
});
