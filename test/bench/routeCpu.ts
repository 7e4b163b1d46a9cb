// Each route's CPU figure, measured: the event loop's CPU time one request takes at its largest allowed input
// (routeCpuCases.ts), on the suites' child server (PGlite, its loop meter inside), against the figure the
// route's budget declares (`cpu` in src/server/limits/budgets.ts). The loop thread's CPU time is read from
// /proc around each request, once the whole answer has arrived, so other work on the machine is not counted;
// the longest single hold of the loop (the meter) is recorded beside it. A route over its figure, a hold over
// 50 ms, or a route with no case fails the run. Standalone: `npx tsx test/bench/routeCpu.ts`
// (`BENCH_CPU_ROUTES=essay-versions,my-data` for some routes only).
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { testDatabases } from '../server/databases.ts';
import { TEST_ORIGIN } from '../server/helper.ts';
import { type ChildServer, type RegisteredRoute, startChildServer } from '../server/hostile/childServer.ts';
import { newSession } from '../server/hostile/httpClient.ts';
import { drain, seedLargeBrowser } from '../server/hostile/largeBrowser.ts';
import { ROOMY_LIMITS } from '../server/hostile/roomyLimits.ts';
import { type CaseContext, MEASURED_ELSEWHERE, METRICS_TOKEN, routeCases, type RouteCase, WEBHOOK_SECRET } from './routeCpuCases.ts';
import { seedVersionsToTotal } from './routeCpuSeed.ts';
import { type BenchRow, formatRows } from './types.ts';

const REPEATS = 5;
/** The longest one slice of a request may hold the loop (the goal is 20 ms). */
const HOLD_BUDGET_MS = 50;

interface Measured {
  route: string;
  input: string;
  declared: number | undefined;
  median: number;
  max: number;
  heldMs: number;
  statuses: number[];
}

const label = (route: RegisteredRoute): string => `${[route.method].flat().join(', ')} ${route.url}`;
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
/** Each request from a network of its own, so no network's figure (codes, sessions) is reached by the bench. */
const someNetwork = (): string => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

function staticDir(): { dir: string; remove: () => void } {
  if (existsSync('dist/client/index.html')) return { dir: 'dist/client', remove: () => undefined };
  const dir = mkdtempSync(join(tmpdir(), 'essay-cpu-static-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Landing</title>');
  writeFileSync(join(dir, 'app.html'), '<!doctype html><title>App</title>');
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

function contextOf(server: ChildServer): CaseContext {
  const largest = new Map<string, Promise<string>>();
  const session = async (plan?: 'paid') => newSession(server.base, plan);
  return {
    base: server.base,
    session,
    largestBrowser: (purpose = 'read') => {
      const seeded = largest.get(purpose) ?? (async () => {
        const cookie = await session();
        await seedVersionsToTotal(server.base, cookie);
        await seedLargeBrowser(server.base, cookie, { essays: 0, perEssay: 0, events: 2000 });
        return cookie;
      })();
      largest.set(purpose, seeded);
      return seeded;
    },
    student: async () => {
      const response = await fetch(`${server.base}/api/session`, { method: 'POST', headers: { origin: TEST_ORIGIN } });
      const cookie = (response.headers.get('set-cookie') ?? '').split(';', 1)[0] ?? '';
      return { cookie, uid: ((await response.json()) as { uid: string }).uid };
    },
    seed: async (module, args) => server.seed(module, args),
    seeded: async (shape) => {
      const cookie = await session();
      await seedLargeBrowser(server.base, cookie, shape);
      return cookie;
    },
  };
}

async function measure(server: ChildServer, context: CaseContext, routeCase: RouteCase, declared: number | undefined): Promise<Measured> {
  const loopCpu = (): number => {
    const ms = server.loopCpuMs();
    if (ms === undefined) throw new Error('the server\'s loop thread CPU time cannot be read (Linux only)');
    return ms;
  };
  const times: number[] = [];
  const statuses: number[] = [];
  let heldMs = 0;
  // Once first, unmeasured: compiling a route's code on its first call is not what a request costs.
  for (let run = -1; run < REPEATS; run += 1) {
    const prepared = await routeCase.prepare(context);
    (prepared.init.headers as Record<string, string>)['x-forwarded-for'] = someNetwork();
    await server.reset();
    const before = loopCpu();
    const response = await fetch(prepared.url, prepared.init);
    await drain(response);
    // The work after the last byte (the response's hooks) is the request's too.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const spent = loopCpu() - before;
    if (run < 0) continue;
    times.push(spent);
    statuses.push(response.status);
    heldMs = Math.max(heldMs, await server.maxBlockedMs());
  }
  return { route: routeCase.route, input: routeCase.input, declared, median: median(times), max: Math.max(...times), heldMs, statuses };
}

async function measureOn(env: Record<string, string>, cases: RouteCase[]): Promise<{ routes: RegisteredRoute[]; measured: Measured[] }> {
  const pglite = testDatabases.find((database) => database.name === 'pglite');
  if (pglite === undefined) throw new Error('no PGlite test database');
  const files = staticDir();
  const server = await startChildServer(pglite, {
    ...ROOMY_LIMITS, SESSION_LIMIT_PER_IP: '10000000', TRUST_PROXY: 'true', METRICS_TOKEN, STATIC_DIR: files.dir, ...env,
  });
  try {
    const routes = await server.routes();
    const figures = new Map(routes.map((route) => [label(route), route.cpu?.loopMs]));
    const context = contextOf(server);
    const measured: Measured[] = [];
    for (const routeCase of cases) {
      if (!figures.has(routeCase.route)) continue;
      console.log(`routeCpu: ${routeCase.route}`);
      measured.push(await measure(server, context, routeCase, figures.get(routeCase.route)));
    }
    return { routes, measured };
  } finally {
    await server.close();
    files.remove();
  }
}

const passes = (entry: Measured): boolean =>
  entry.declared !== undefined && entry.median <= entry.declared && entry.heldMs <= HOLD_BUDGET_MS && entry.statuses.every((status) => status < 500);

function markdownOf(measured: Measured[], missing: string[]): string {
  const lines = [
    '| route | largest input sent | declared loop CPU | measured, median of 5 | max | longest hold | status |',
    '|---|---|---|---|---|---|---|',
    ...measured.map((entry) => `| \`${entry.route}\` | ${entry.input} | ${entry.declared ?? '—'} ms | ${entry.median.toFixed(1)} ms | ${entry.max.toFixed(1)} ms | ${entry.heldMs.toFixed(1)} ms | ${[...new Set(entry.statuses)].join(', ')} |`),
    ...missing.map((route) => `| \`${route}\` | no case in routeCpuCases.ts | | | | | |`),
  ];
  return lines.join('\n');
}

/** `BENCH_CPU_ROUTES=versions,my-data` measures only the routes whose label holds one of those texts. */
const chosen = (routeCase: RouteCase): boolean => {
  const only = process.env.BENCH_CPU_ROUTES?.split(',').filter((text) => text !== '');
  return only === undefined || only.some((text) => routeCase.route.includes(text));
};

export async function benchRouteCpu(): Promise<{ rows: BenchRow[]; markdown: string }> {
  const cases = routeCases().filter(chosen);
  const local = await measureOn({}, cases.filter((routeCase) => !routeCase.stripe));
  const stripeCases = cases.filter((routeCase) => routeCase.stripe);
  const stripe = stripeCases.length === 0 ? { routes: [], measured: [] } : await measureOn({ STRIPE_SECRET_KEY: 'sk_test_bench0123456789', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET }, stripeCases);
  const measured = [...local.measured, ...stripe.measured];
  const registered = new Set([...local.routes, ...stripe.routes].map(label).filter((route) => !route.startsWith('HEAD ')));
  const covered = new Set([...measured.map((entry) => entry.route), ...Object.keys(MEASURED_ELSEWHERE)]);
  const missing = process.env.BENCH_CPU_ROUTES ? [] : [...registered].filter((route) => !covered.has(route)).sort();
  const rows: BenchRow[] = measured.map((entry) => ({
    name: `loop CPU of ${entry.route} at its largest input (median of ${REPEATS}; longest hold ${entry.heldMs.toFixed(1)} ms)`,
    value: entry.median,
    unit: 'ms',
    budget: `≤ ${entry.declared ?? '?'} ms declared, holds ≤ ${HOLD_BUDGET_MS} ms`,
    pass: passes(entry),
  }));
  for (const route of missing) rows.push({ name: `loop CPU of ${route}: no case in routeCpuCases.ts`, value: 0, unit: '', budget: 'measured', pass: false });
  return { rows, markdown: markdownOf(measured, missing) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { rows, markdown } = await benchRouteCpu();
  console.log(`${markdown}\n\n${formatRows(rows)}`);
  if (rows.some((row) => !row.pass)) process.exitCode = 1;
}
