// Every route the real app registers declares its budget, and registration cannot forget one: the app is built
// with every optional route present (the local checkout, and Stripe; metrics; the static client), each route
// is collected as it is registered, and each must carry a complete budget. The table of budgets (BUDGETS.md beside
// the limits' README) is rendered from the same routes, so it cannot drift from them.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RouteOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { App } from '../../../src/server/app.ts';
import { buildApp } from '../../../src/server/app.ts';
import { migrate } from '../../../src/server/db/migrate.ts';
import { isApiPath } from '../../../src/server/http/apiPath.ts';
import { type BudgetedRoute, budgetTable } from '../../../src/server/limits/budgetTable.ts';
import { apiRate, budgetProblems, isStoring, loopCpu, networkStorage, SCHOOL_STUDENTS, storesNothing } from '../../../src/server/limits/budgets.ts';
import { MEASURED_ELSEWHERE, routeCases } from '../../bench/routeCpuCases.ts';
import { testDatabases } from '../databases.ts';
import { buildTestApp, testConfig } from '../helper.ts';

const [pglite] = testDatabases;
const BUDGETS_PAGE = new URL('../../../src/server/limits/BUDGETS.md', import.meta.url);
const TABLE_START = '<!-- budgets:start -->';
const TABLE_END = '<!-- budgets:end -->';
const STRIPE_ENV = { STRIPE_SECRET_KEY: 'sk_test_fake123', STRIPE_WEBHOOK_SECRET: 'whsec_testsecret0123456789' };

const cleanUp: Array<() => Promise<void> | void> = [];

function staticDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'essay-static-'));
  cleanUp.push(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Landing</title>');
  writeFileSync(join(dir, 'app.html'), '<!doctype html><title>App</title>');
  return dir;
}

/** Every route a real app registers with `env`, as it was registered (its budget, and the body limit set from it). */
async function registeredRoutes(env: Record<string, string>): Promise<RouteOptions[]> {
  const routes: RouteOptions[] = [];
  const database = await pglite!.open();
  await migrate(database.db);
  const config = testConfig({ METRICS_TOKEN: 'metrics-token-0123456789', STATIC_DIR: staticDir(), ...env });
  const app: App = await buildApp({ config, db: database, onRoute: (route) => routes.push(route) });
  cleanUp.push(() => app.close());
  await app.ready();
  return routes;
}

const label = (route: RouteOptions): string => `${[route.method].flat().join('|')} ${route.url}`;

let built: Promise<RouteOptions[]> | undefined;

/** Both apps' routes, the local checkout's and Stripe's: built by the first test that asks, closed after the last. */
function everyRoute(): Promise<RouteOptions[]> {
  built ??= (async () => {
    const local = await registeredRoutes({});
    const stripe = await registeredRoutes(STRIPE_ENV);
    return [...new Map([...local, ...stripe].map((route) => [label(route), route])).values()];
  })();
  return built;
}

describe('the budget of every route', () => {
  afterAll(async () => {
    for (const step of cleanUp.reverse()) await step();
  });

  it('is declared on every route the app registers, and complete where the route stores', async () => {
    const routes = await everyRoute();
    const urls = new Set(routes.map((route) => route.url));
    for (const optional of ['/api/stripe/webhook', '/checkout/local/:id', '/checkout/local/:id/pay', '/metrics', '/', '/*', '/api/health', '/api/ready']) {
      expect(urls, optional).toContain(optional);
    }
    const problems = routes.flatMap((route) => budgetProblems(route.config?.budget).map((problem) => `${label(route)}: ${problem}`));
    expect(problems).toEqual([]);
    const storing = routes.filter((route) => route.config?.budget && isStoring(route.config.budget.storage));
    expect(storing.map((route) => route.url)).toEqual(expect.arrayContaining([
      '/api/forms/me', '/api/essay-versions', '/api/events', '/api/feedback/submit', '/api/discount-codes',
      '/api/referrals/track', '/api/referrals/info', '/api/referrals/apply-credits', '/api/checkout/upgrade',
      '/api/create-discounted-checkout', '/api/admin/entitlements',
    ]));
    for (const route of storing) {
      const storage = route.config!.budget!.storage;
      if (!isStoring(storage)) continue;
      const network = networkStorage(storage, SCHOOL_STUDENTS);
      expect(network.bytes, label(route)).toBeGreaterThanOrEqual(storage.perBrowser.bytes);
      expect(network.rows, label(route)).toBeGreaterThanOrEqual(storage.perBrowser.rows);
    }
  }, 60_000);

  it('states on every route the event loop\'s CPU time at its largest input', async () => {
    const routes = await everyRoute();
    const uncosted = routes.filter((route) => {
      const cpu = route.config?.budget?.cpu;
      return cpu === undefined || !(cpu.loopMs > 0) || cpu.largest === '';
    });
    expect(uncosted.map(label)).toEqual([]);
  }, 60_000);

  it('has a case in the CPU bench for every route, or names the bench that measures it', async () => {
    const routes = await everyRoute();
    const gets = new Set(routes.filter((route) => [route.method].flat().includes('GET')).map((route) => route.url));
    const labels = routes.filter((route) => !([route.method].flat().join() === 'HEAD' && gets.has(route.url)))
      .map((route) => `${[route.method].flat().join(', ')} ${route.url}`);
    const covered = new Set([...routeCases().map((routeCase) => routeCase.route), ...Object.keys(MEASURED_ELSEWHERE)]);
    expect(labels.filter((route) => !covered.has(route)), 'add a case to test/bench/routeCpuCases.ts').toEqual([]);
    // Every case is for a route the app registers.
    expect(routeCases().map((routeCase) => routeCase.route).filter((route) => !labels.includes(route))).toEqual([]);
  }, 60_000);

  it('counts every /api route against its network\'s API allowance, but the probes and the signed webhook', async () => {
    const routes = await everyRoute();
    const outside = routes.filter((route) => isApiPath(route.url) && !route.config?.budget?.rate.apiAllowance).map((route) => route.url);
    expect(new Set(outside)).toEqual(new Set(['/api/health', '/api/ready', '/api/stripe/webhook']));
  }, 60_000);

  it('refuses to register a route without a budget, naming its method and URL', async () => {
    const { app } = await buildTestApp(pglite!);
    expect(() => app.get('/api/test/unbudgeted', async () => ({ ok: true }))).toThrow(/GET \/api\/test\/unbudgeted cannot be registered: it declares no budget/);
    const cpu = loopCpu(5, 'a note');
    const storesWithoutFigures = { body: 0, rate: apiRate(10), storage: { what: 'notes' }, use: 'a test', cpu };
    expect(() => app.post('/api/test/notes', { config: { budget: storesWithoutFigures as never } }, async () => ({ ok: true })))
      .toThrow(/POST \/api\/test\/notes cannot be registered: it stores, so it must give the bytes and rows one browser may add per day/);
    expect(() => app.put('/api/test/sized', { bodyLimit: 10, config: { budget: { ...storesWithoutFigures, storage: { none: 'a test' } } } }, async () => ({ ok: true })))
      .toThrow(/PUT \/api\/test\/sized sets bodyLimit: declare it as its budget's body instead/);
    const withoutCpu = { body: 0, rate: apiRate(10), storage: storesNothing('a test'), use: 'a test' };
    expect(() => app.get('/api/test/uncosted', { config: { budget: withoutCpu as never } }, async () => ({ ok: true })))
      .toThrow(/GET \/api\/test\/uncosted cannot be registered: it must state its CPU cost/);
    expect(() => app.get('/api/test/free', { config: { budget: { ...withoutCpu, cpu: loopCpu(0, 'nothing') } } }, async () => ({ ok: true })))
      .toThrow(/GET \/api\/test\/free cannot be registered: its CPU figure must be a positive number of milliseconds/);
  });

  it('is listed in src/server/limits/BUDGETS.md exactly as declared', async () => {
    const routes = await everyRoute();
    const config = testConfig();
    const table = budgetTable(routes.map((route) => ({
      method: route.method, url: route.url, bodyLimit: route.bodyLimit, budget: route.config!.budget!,
    }) satisfies BudgetedRoute), { studentsPerNetwork: config.studentsPerNetwork, apiAllowance: config.rateLimit });
    const page = readFileSync(BUDGETS_PAGE, 'utf8');
    const [before, rest = ''] = page.split(TABLE_START);
    const [current, after = ''] = rest.split(TABLE_END);
    const expected = `\n${table}\n`;
    if (process.env.UPDATE_BUDGET_TABLE === '1') writeFileSync(BUDGETS_PAGE, `${before}${TABLE_START}${expected}${TABLE_END}${after}`);
    else expect(current, 'the table of budgets is stale: run this test with UPDATE_BUDGET_TABLE=1 to rewrite it').toBe(expected);
  }, 60_000);
});
