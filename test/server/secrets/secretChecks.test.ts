// Every route that checks a secret goes through the one gate, found by asking every route the real app registers:
// - a route that declares a kind (`config: { secret }`) is attacked with wrong secrets from one network past
//   the kind's bounds: the gate must answer 429 in the kind's words; then the right secret from the same place
//   must still be admitted (a long token) or wait too (a guessable code, so a 429 tells nothing);
// - a route that declares none is shown the right and a wrong secret of every kind: answering them differently
//   means it checks a secret around the gate.
// Three fixture routes show that the search finds the ways past the gate.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyRequest, RouteOptions } from 'fastify';
import type { Kysely } from 'kysely';
import type { InjectOptions, Response as LightMyRequestResponse } from 'light-my-request';
import { afterAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../../src/server/app.ts';
import type { Database } from '../../../src/server/db/schema.ts';
import { HttpError } from '../../../src/server/http/errors.ts';
import { checkCode } from '../../../src/server/payments/discounts.ts';
import { SECRET_KINDS, type SecretKindName } from '../../../src/server/secrets/secretKinds.ts';
import { testDatabases } from '../databases.ts';
import { cookiePair, TEST_ADMIN_TOKEN, testConfig } from '../helper.ts';
import { TEST_ROUTE_BUDGET, testRoute } from '../limits/testRouteBudget.ts';

const [pglite] = testDatabases;
const METRICS_TOKEN = 'metrics-token-0123456789abcdef';
const cleanUp: Array<() => Promise<void> | void> = [];

/** How a secret is shown to a route: a header, or a field of the body (the query for a GET). */
interface Presented { headers?: Record<string, string>; fields?: Record<string, string> }
/** The right and a wrong secret of one kind, each from its own browser (or none) on its own network. */
interface Pair { right: Presented; wrong: Presented }

let address = 0;
/** A network of its own for each probe, so no probe spends another's bounds. */
const freshNetwork = (): string => {
  address += 1;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

/** A browser on `network` holding a discount code of its own. */
async function browserWithCode(app: App, network: string): Promise<{ cookie: string; code: string }> {
  const session = await app.inject({ method: 'POST', url: '/api/session', remoteAddress: network });
  const cookie = cookiePair(session.headers['set-cookie']);
  const issued = await app.inject({ method: 'POST', url: '/api/discount-codes', headers: { cookie }, payload: { email: 'probe@example.com' }, remoteAddress: network });
  return { cookie, code: issued.json<{ code: string }>().code };
}

/** A student's live link on `network`: its token, and a token with the same share id and another secret. */
async function sharedLink(app: App, network: string): Promise<{ token: string; wrongToken: string }> {
  const session = await app.inject({ method: 'POST', url: '/api/session', remoteAddress: network });
  const cookie = cookiePair(session.headers['set-cookie']);
  const shared = await app.inject({
    method: 'POST', url: '/api/shares', headers: { cookie }, remoteAddress: network,
    payload: { essayKey: 'personal', versionId: 'v-probe-0001', text: 'The summer I turned sixteen.' },
  });
  const token = shared.json<{ url: string }>().url.replace('/read#', '');
  return { token, wrongToken: `${token.split('.')[0]}.${'A'.repeat(43)}` };
}

/** A phone's pending pairing on `network`, and a student there holding work who may approve it. */
async function pendingPairing(app: App, network: string): Promise<{ cookie: string; userCode: string }> {
  const asked = await app.inject({ method: 'POST', url: '/api/devices/pairing', payload: {}, remoteAddress: network });
  const session = await app.inject({ method: 'POST', url: '/api/session', remoteAddress: network });
  return { cookie: cookiePair(session.headers['set-cookie']), userCode: asked.json<{ userCode: string }>().userCode };
}

const bearer = (token: string): Presented => ({ headers: { authorization: `Bearer ${token}` } });

/** Every kind the gate knows, and how a test shows it: a kind added without a way to show it does not compile. */
const PAIRS: Record<SecretKindName, (app: App, network: string) => Promise<Pair>> = {
  'admin-token': async () => ({ right: bearer(TEST_ADMIN_TOKEN), wrong: bearer(`${TEST_ADMIN_TOKEN}-wrong`) }),
  'metrics-token': async () => ({ right: bearer(METRICS_TOKEN), wrong: bearer(`${METRICS_TOKEN}-wrong`) }),
  // Two browsers alike but for whose code is shown: the wrong one shows the other browser's code.
  'discount-code': async (app, network) => {
    const own = await browserWithCode(app, network);
    const other = await browserWithCode(app, network);
    const fields = (code: string) => ({ code, user_email: 'probe@example.com' });
    return { right: { headers: { cookie: own.cookie }, fields: fields(own.code) }, wrong: { headers: { cookie: own.cookie }, fields: fields(other.code) } };
  },
  // A reader has no session: the right token and one with the same share id but another secret.
  'share-token': async (app, network) => {
    const { token, wrongToken } = await sharedLink(app, network);
    return { right: { fields: { token } }, wrong: { fields: { token: wrongToken } } };
  },
  // One student alike but for the code typed: a phone's pending one, or one no device shows.
  'pairing-code': async (app, network) => {
    const { cookie, userCode } = await pendingPairing(app, network);
    const wrongCode = userCode === 'BBBB-BBBB' ? 'CCCC-CCCC' : 'BBBB-BBBB';
    return { right: { headers: { cookie }, fields: { userCode } }, wrong: { headers: { cookie }, fields: { userCode: wrongCode } } };
  },
};

const KINDS = Object.keys(SECRET_KINDS) as SecretKindName[];
const label = (method: string, route: RouteOptions): string => `${method} ${route.url}`;
const concreteUrl = (url: string): string => url.replace(/:\w+/g, 'probe').replace('*', 'probe');

function send(app: App, method: string, url: string, presented: Presented, network: string) {
  const options: InjectOptions = { method: method as InjectOptions['method'], url: concreteUrl(url), headers: presented.headers ?? {}, remoteAddress: network };
  if (presented.fields && method === 'GET') options.query = presented.fields;
  else if (presented.fields) options.payload = presented.fields;
  return app.inject(options);
}

/**
 * What tells two answers apart without their changing parts (ids, times): the status, and for JSON its
 * top-level names and yes-or-no values (`{ valid: true }` against `{ valid: false }`).
 */
function gist(answer: LightMyRequestResponse): string {
  if (!String(answer.headers['content-type'] ?? '').startsWith('application/json')) return String(answer.statusCode);
  const body = answer.json<Record<string, unknown>>();
  const names = Object.keys(body).sort().map((name) => (typeof body[name] === 'boolean' ? `${name}=${String(body[name])}` : name));
  return `${answer.statusCode} {${names.join(', ')}}`;
}

/** What is wrong with how `route` checks secrets, if anything. */
async function bypassesOf(app: App, route: RouteOptions): Promise<string[]> {
  const methods = [route.method].flat().filter((method) => method !== 'HEAD');
  const declared = route.config?.secret;
  const found: string[] = [];
  for (const method of methods) {
    if (declared !== undefined) {
      const kind = SECRET_KINDS[declared];
      const network = freshNetwork();
      const { right, wrong } = await PAIRS[declared](app, network);
      const bound = Math.max(kind.wrongPerBrowser.max, kind.wrongPerNetwork.max);
      let refused = false;
      for (let guess = 0; guess <= bound && !refused; guess += 1) {
        const answer = await send(app, method, route.url, wrong, network);
        refused = answer.statusCode === 429 && answer.json<{ code: string }>().code === kind.tooMany.code;
      }
      const afterwards = (await send(app, method, route.url, right, network)).statusCode;
      if (!refused) found.push(`${label(method, route)}: declares ${declared} but ${bound + 1} wrong ones were never refused by the gate`);
      else if (kind.guessable && afterwards !== 429) found.push(`${label(method, route)}: a right ${declared} after the bound was answered ${afterwards}, not 429`);
      else if (!kind.guessable && [401, 403, 429].includes(afterwards)) found.push(`${label(method, route)}: the right ${declared} after wrong ones was refused (${afterwards})`);
      continue;
    }
    for (const kind of KINDS) {
      // Two pairs alike, so the browser shown the right secret and the one shown a wrong one have the same past.
      const { right } = await PAIRS[kind](app, freshNetwork());
      const { wrong } = await PAIRS[kind](app, freshNetwork());
      const rightAnswer = gist(await send(app, method, route.url, right, freshNetwork()));
      const wrongAnswer = gist(await send(app, method, route.url, wrong, freshNetwork()));
      if (rightAnswer !== wrongAnswer) found.push(`${label(method, route)}: answers a right ${kind} ${rightAnswer} and a wrong one ${wrongAnswer}, declaring no secret`);
    }
  }
  return found;
}

/** The real app with every optional route (metrics, the static client), each route collected as registered. */
async function appWithRoutes(extend: (app: App, db: Kysely<Database>) => void = () => undefined) {
  const staticDir = mkdtempSync(join(tmpdir(), 'essay-static-'));
  cleanUp.push(() => rmSync(staticDir, { recursive: true, force: true }));
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Landing</title>');
  const routes: RouteOptions[] = [];
  const database = await pglite!.open();
  const config = testConfig({ METRICS_TOKEN, STATIC_DIR: staticDir });
  const app: App = await buildApp({ config, db: database, onRoute: (route) => routes.push(route) });
  cleanUp.push(() => app.close());
  extend(app, database.db);
  await app.ready();
  return { app, routes };
}

async function bypasses(app: App, routes: RouteOptions[]): Promise<string[]> {
  const found: string[] = [];
  for (const route of routes) found.push(...await bypassesOf(app, route));
  return found;
}

describe('every secret check goes through the gate', () => {
  afterAll(async () => {
    for (const step of cleanUp.reverse()) await step();
  });

  it('finds the admin and metrics tokens, the discount codes, the share links and the pairing codes declared, and no route around the gate', async () => {
    const { app, routes } = await appWithRoutes();
    // A GET's HEAD twin carries the same declaration, and the same gate.
    const declared = new Set(routes.filter((route) => route.config?.secret !== undefined)
      .map((route) => `${route.config?.secret} ${route.url}`));
    expect([...declared].sort()).toEqual([
      ...['entitlements', 'export/events.csv', 'export/feedback.csv', 'feedback', 'funnel', 'revenue', 'support', 'trends', 'usage']
        .map((path) => `admin-token /api/admin/${path}`),
      'discount-code /api/create-discounted-checkout', 'discount-code /api/validate-discount', 'metrics-token /metrics',
      'pairing-code /api/devices/approve', 'pairing-code /api/devices/pairing/check', 'share-token /api/read/session',
    ]);
    expect(await bypasses(app, routes)).toEqual([]);
  }, 120_000);

  it('finds a route that compares a token itself, one that looks a code up itself, and one that declares a code but looks it up around the gate', async () => {
    const { app, routes } = await appWithRoutes((fixtureApp, db) => {
      fixtureApp.get('/api/fixture/own-token-check', testRoute, async (request) => {
        if (request.headers.authorization !== `Bearer ${TEST_ADMIN_TOKEN}`) throw new HttpError(401, 'unauthorized', 'No.');
        return { ok: true };
      });
      const ownCodeCheck = async (request: FastifyRequest) =>
        ({ valid: (await checkCode(db, request.uid, (request.body as { code: string }).code, new Date())).ok });
      fixtureApp.post('/api/fixture/declared-own-code-check', { config: { budget: TEST_ROUTE_BUDGET, secret: 'discount-code' } }, ownCodeCheck);
      fixtureApp.post('/api/fixture/own-code-check', testRoute, ownCodeCheck);
    });
    const fixtures = routes.filter((route) => route.url.startsWith('/api/fixture/'));
    expect(await bypasses(app, fixtures)).toEqual([
      'GET /api/fixture/own-token-check: answers a right admin-token 200 {ok=true} and a wrong one 401 {code, error}, declaring no secret',
      'POST /api/fixture/declared-own-code-check: declares discount-code but 16 wrong ones were never refused by the gate',
      'POST /api/fixture/own-code-check: answers a right discount-code 200 {valid=true} and a wrong one 200 {valid=false}, declaring no secret',
    ]);
  }, 120_000);
});
