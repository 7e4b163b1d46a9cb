// One canonical path, decided before routing: every route the app registers (collected as it is registered,
// with the static client, the metrics and both payment providers' routes present) is sent in every other
// spelling of its path (test/server/http/pathSpellings.ts), over a real socket, while the instance serves and
// while it drains, and none of them reaches a handler: the API and the metrics answer 404
// `non_canonical_path`, pages and files 308 to the canonical path. The canonical spellings themselves are sent
// too, so the check cannot pass by refusing everything; and a route outside the gate fails it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type RouteOptions } from 'fastify';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { type App, buildApp } from '../../../src/server/app.ts';
import { createMemoryLimitStore, type LimitStore } from '../../../src/server/limits/limitStore.ts';
import { isApiPath } from '../../../src/server/http/apiPath.ts';
import { createLifecycle } from '../../../src/server/lifecycle/drain.ts';
import { testDatabases } from '../databases.ts';
import { testConfig } from '../helper.ts';
import { pathsOf, spellingsOf } from '../http/pathSpellings.ts';
import { type RawAnswer, rawRequest } from '../http/rawRequest.ts';
import { processSteps } from '../../setup/processStep.ts';

const [pglite] = testDatabases;
const STRIPE_ENV = { STRIPE_SECRET_KEY: 'sk_test_fake123', STRIPE_WEBHOOK_SECRET: 'whsec_testsecret0123456789' };
const FILES = ['/assets/app-AbC123.js', '/sw.js'];
const cleanUp: Array<() => Promise<void> | void> = [];

function staticDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'essay-static-'));
  cleanUp.push(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'assets'));
  for (const [file, text] of [
    ['index.html', '<!doctype html><title>Landing</title>'], ['app.html', '<!doctype html><title>App</title>'],
    ['topics.html', '<!doctype html><title>Topics</title>'], ...FILES.map((file) => [file.slice(1), '// code']),
  ] as const) writeFileSync(join(dir, file), text);
  return dir;
}

interface Gated {
  app: App;
  routes: RouteOptions[];
  /** Every handler a request reached, as `METHOD url` of its route. */
  reached: string[];
  drain(): void;
}

const methodsOf = (route: RouteOptions): string[] => [route.method].flat();

/** Records each route as it is registered, and each time its handler runs. */
function recordRoutes(routes: RouteOptions[], reached: string[]) {
  return (route: RouteOptions) => {
    routes.push(route);
    const handler = route.handler;
    route.handler = function recorded(this: unknown, request, reply) {
      reached.push(`${request.method} ${route.url}`);
      return handler.call(this as never, request, reply);
    };
  };
}

async function gatedApp(env: Record<string, string>): Promise<Gated> {
  const routes: RouteOptions[] = [];
  const reached: string[] = [];
  const lifecycle = createLifecycle();
  const database = await pglite!.open();
  const config = testConfig({
    METRICS_TOKEN: 'metrics-token-0123456789', STATIC_DIR: staticDir(), RATE_LIMIT_MAX: '100000', ...env,
  });
  // Every spelling is sent from one address: its refusals are not counted here, only answered (counting them
  // apart is test/server/limits/refusalsApart.test.ts's).
  const app = await buildApp({ config, db: database, lifecycle, onRoute: recordRoutes(routes, reached), limits: refusalsUncounted() });
  cleanUp.push(() => app.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, routes, reached, drain: () => void lifecycle.drain(60_000) };
}

/** The memory limit store, except that refusals are never counted past their figure. */
function refusalsUncounted(): LimitStore {
  const store = createMemoryLimitStore();
  return { ...store, hit: (key, limit) => (key.startsWith('refused:') ? store.peek(key, limit) : store.hit(key, limit)) };
}

interface Probe { method: string; target: string; canonical: string }

function probesOf(routes: readonly RouteOptions[]): { spelled: Probe[]; canonical: Probe[] } {
  const spelled: Probe[] = [];
  const canonical: Probe[] = [];
  for (const route of routes) {
    for (const method of methodsOf(route)) {
      for (const path of pathsOf(route, FILES)) {
        canonical.push({ method, target: path, canonical: path });
        for (const target of spellingsOf(path)) spelled.push({ method, target, canonical: path });
      }
    }
  }
  return { spelled, canonical };
}

const answersJson = (path: string): boolean => isApiPath(path) || path === '/metrics';

/** Sends the probes, a few at a time, and hands each answer to `check`. */
async function sendAll(app: App, probes: readonly Probe[], check: (probe: Probe, answer: RawAnswer) => void): Promise<void> {
  const queue = [...probes];
  const sender = async () => {
    for (let probe = queue.shift(); probe !== undefined; probe = queue.shift()) {
      check(probe, await rawRequest(app, probe.method, probe.target));
    }
  };
  await Promise.all(Array.from({ length: 8 }, sender));
}

/** What each spelled probe got that is not the gate's refusal: an empty list when the gate holds. */
async function violations(app: App, probes: readonly Probe[]): Promise<string[]> {
  const found: string[] = [];
  await sendAll(app, probes, ({ method, target, canonical }, answer) => {
    const expected = answersJson(canonical) ? 404 : 308;
    const refused = answer.status === expected && (expected === 308
      ? answer.headers.location === canonical
      : method === 'HEAD' || (JSON.parse(answer.body) as { code?: string }).code === 'non_canonical_path');
    if (!refused) found.push(`${method} ${target} → ${answer.status} ${answer.headers.location ?? answer.body.slice(0, 80)}`);
  });
  return found.sort();
}

describe('the path gate', () => {
  afterAll(async () => {
    for (const step of cleanUp.reverse()) await step();
  });

  it.each([['the local checkout', {}], ['Stripe', STRIPE_ENV]])(
    'keeps every spelling but the canonical one of every route (%s) from its handler, serving and draining',
    async (_name, env) => {
      const gated = await gatedApp(env);
      const { spelled, canonical } = probesOf(gated.routes);
      expect(gated.routes.map((route) => route.url)).toEqual(expect.arrayContaining(['/', '/*', '/metrics', '/api/session', '/api/my-data']));
      expect(spelled.length).toBeGreaterThan(1000);

      expect(await violations(gated.app, spelled)).toEqual([]);
      expect(gated.reached).toEqual([]);
      // The canonical spellings pass the gate, and reach their handlers (or their routes' own refusals).
      const passed: string[] = [];
      await sendAll(gated.app, canonical, ({ method, target }, answer) => {
        if (answer.status !== 308 && !answer.body.includes('non_canonical_path')) passed.push(`${method} ${target}`);
      });
      expect(passed).toHaveLength(canonical.length);
      expect(gated.reached).toEqual(expect.arrayContaining(['GET /api/whoami', 'GET /api/health', 'POST /api/session', 'GET /*', 'GET /']));

      gated.reached.length = 0;
      gated.drain();
      expect(await violations(gated.app, spelled)).toEqual([]);
      expect(gated.reached).toEqual([]);
      const draining = await rawRequest(gated.app, 'GET', '/api/whoami');
      expect(draining.status).toBe(503);
      // The spellings that were served while draining, minted sessions and reached the export.
      for (const [method, target] of [
        ['GET', '/%61pi/whoami'], ['POST', '/%61pi/session'], ['POST', '/%61%70%69/session'], ['GET', '/%61pi/my-data'],
        ['GET', '/API/whoami'],
      ] as const) {
        const answer = await rawRequest(gated.app, method, target);
        expect([answer.status, JSON.parse(answer.body)], target).toEqual([404, expect.objectContaining({ code: 'non_canonical_path' })]);
        expect(answer.headers['set-cookie'], target).toBeUndefined();
      }
      expect(gated.reached).toEqual([]);
    },
    processSteps(4),
  );

  it('fails for a route outside the gate', async () => {
    const routes: RouteOptions[] = [];
    const reached: string[] = [];
    const bare = Fastify() as unknown as App;
    onTestFinished(() => bare.close());
    bare.addHook('onRoute', recordRoutes(routes, reached));
    bare.get('/api/fixture', async () => ({ reached: true }));
    await bare.listen({ port: 0, host: '127.0.0.1' });
    const found = await violations(bare, probesOf(routes).spelled);
    expect(found).toEqual(expect.arrayContaining([expect.stringMatching(/^GET \/%61pi\/fixture → 200/)]));
    expect(reached).toContain('GET /api/fixture');
  });
});
