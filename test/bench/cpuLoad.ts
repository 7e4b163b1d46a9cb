// What one address's heavy use costs another visitor, on the suites' child server (PGlite) with the default
// limits: another network's static file (GET /), p50 and p99 of its wall time, unloaded and while three
// browsers on one address re-read their largest versions page, while twelve browsers export their data back to
// back, and while one address floods the coach's reviews; and a paid essay from another network, unloaded and
// during the flood. The load generator's own CPU time (this process) is reported beside each, since on a
// shared machine it takes cores from the server. Standalone: `npx tsx test/bench/cpuLoad.ts`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { testDatabases } from '../server/databases.ts';
import { TEST_ORIGIN } from '../server/helper.ts';
import { type ChildServer, startChildServer } from '../server/hostile/childServer.ts';
import { newSession } from '../server/hostile/httpClient.ts';
import { drain } from '../server/hostile/largeBrowser.ts';
import { largestBodies } from '../server/hostile/largestBodies.ts';
import { seedVersionsToTotal } from './routeCpuSeed.ts';
import { type BenchRow, formatRows } from './types.ts';

const LOAD_MS = 10_000;
const VISITOR = '203.0.113.9';
const HEAVY = '198.51.100.7';

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
};
const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

async function timed(url: string, init: RequestInit): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await fetch(url, init);
  await drain(response);
  return { ms: performance.now() - started, status: response.status };
}

/** Another network's static file, one after another until `until` says stop. */
async function visitor(server: ChildServer, running: () => boolean): Promise<number[]> {
  const times: number[] = [];
  while (running()) times.push((await timed(`${server.base}/`, { headers: { 'x-forwarded-for': VISITOR } })).ms);
  return times;
}

/** Runs `load` workers for LOAD_MS while the visitor measures; answers the visitor's times and this process's CPU. */
async function under(server: ChildServer, load: Array<() => Promise<unknown>>): Promise<{ times: number[]; generatorCpuMs: number; statuses: Map<number, number> }> {
  const end = performance.now() + LOAD_MS;
  const running = () => performance.now() < end;
  const statuses = new Map<number, number>();
  const cpu = cpuMs();
  const workers = load.map(async (send) => {
    while (running()) {
      const status = await send() as number;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  });
  const times = await visitor(server, running);
  await Promise.all(workers);
  return { times, generatorCpuMs: cpuMs() - cpu, statuses };
}

const heavy = (cookie: string) => ({ cookie, origin: TEST_ORIGIN, 'x-forwarded-for': HEAVY });

export async function benchCpuLoad(): Promise<{ rows: BenchRow[]; markdown: string }> {
  const pglite = testDatabases.find((database) => database.name === 'pglite');
  if (pglite === undefined) throw new Error('no PGlite test database');
  const files = mkdtempSync(join(tmpdir(), 'essay-cpu-load-'));
  writeFileSync(join(files, 'index.html'), `<!doctype html><title>Landing</title>${'<p>Essay Studio</p>'.repeat(300)}`);
  writeFileSync(join(files, 'app.html'), '<!doctype html><title>App</title>');
  const server = await startChildServer(pglite, { TRUST_PROXY: 'true', STATIC_DIR: files, SESSION_LIMIT_PER_IP: '100000', RATE_LIMIT_MAX: '100000' });
  const load = loadavg()[0]?.toFixed(1) ?? '?';
  try {
    const quiet = await under(server, []);
    const unloadedP50 = percentile(quiet.times, 50);
    const paidCookie = await newSession(server.base, 'paid');
    const essayBody = largestBodies(['I learned to listen. ']).find((entry) => entry.route.url === '/api/generate-essay')?.body ?? '';
    const paidEssay = async () => (await timed(`${server.base}/api/generate-essay`, {
      method: 'POST', body: essayBody, headers: { cookie: paidCookie, origin: TEST_ORIGIN, 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.44' },
    })).ms;
    await paidEssay();
    const quietEssays = [await paidEssay(), await paidEssay(), await paidEssay()];

    const readers = await Promise.all(Array.from({ length: 3 }, () => newSession(server.base)));
    for (const cookie of readers) await seedVersionsToTotal(server.base, cookie);
    const reading = await under(server, readers.map((cookie) => async () =>
      (await timed(`${server.base}/api/essay-versions?since=0`, { headers: heavy(cookie) })).status));

    const exporters = await Promise.all(Array.from({ length: 12 }, () => newSession(server.base)));
    for (const cookie of exporters) await seedVersionsToTotal(server.base, cookie);
    const exporting = await under(server, exporters.map((cookie) => async () =>
      (await timed(`${server.base}/api/my-data`, { headers: heavy(cookie) })).status));

    const coachBody = largestBodies(['I learned to listen. ']).find((entry) => entry.route.url === '/api/coach/review')?.body ?? '';
    const flooders = await Promise.all(Array.from({ length: 25 }, () => newSession(server.base)));
    const floodEssays: number[] = [];
    const flood = under(server, flooders.map((cookie) => async () => (await timed(`${server.base}/api/coach/review`, {
      method: 'POST', body: coachBody, headers: { ...heavy(cookie), 'content-type': 'application/json' },
    })).status));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    for (let n = 0; n < 3; n += 1) floodEssays.push(await paidEssay());
    const flooding = await flood;

    const rows: BenchRow[] = [];
    const scenarios = [
      ['three browsers on one address re-reading their largest versions page', reading],
      ['twelve browsers on one address exporting back to back', exporting],
      ['one address flooding the coach (25 browsers)', flooding],
    ] as const;
    const p50Budget = 2 * unloadedP50 + 10;
    rows.push({ name: `another network's static file, unloaded: p50 (p99 ${percentile(quiet.times, 99).toFixed(1)} ms, ${quiet.times.length} requests)`, value: unloadedP50, unit: 'ms', budget: 'recorded', pass: true });
    for (const [what, result] of scenarios) {
      const p50 = percentile(result.times, 50);
      const p99 = percentile(result.times, 99);
      const answered = [...result.statuses].map(([status, count]) => `${count}×${status}`).join(', ');
      rows.push({ name: `static file p50 while ${what} (load generator ${result.generatorCpuMs.toFixed(0)} ms CPU in ${LOAD_MS / 1000} s; its requests: ${answered})`, value: p50, unit: 'ms', budget: `≤ ${p50Budget.toFixed(1)} ms (2 × unloaded + 10)`, pass: p50 <= p50Budget });
      rows.push({ name: `static file p99 while ${what}`, value: p99, unit: 'ms', budget: '≤ 60 ms', pass: p99 <= 60 });
    }
    const quietEssay = percentile(quietEssays, 50);
    const floodEssay = percentile(floodEssays, 50);
    rows.push({ name: `a paid essay from another network during the coach flood, median of 3 (unloaded ${quietEssay.toFixed(0)} ms)`, value: floodEssay, unit: 'ms', budget: `≤ ${(1.5 * quietEssay).toFixed(0)} ms (1.5 × unloaded)`, pass: floodEssay <= 1.5 * quietEssay });
    const markdown = `Taken on a machine shared with other work (load average ${load} at the start, 2 cores): wall-clock figures, so they include the other work's share of the cores.\n\n${formatRows(rows)}`;
    return { rows, markdown };
  } finally {
    await server.close();
    rmSync(files, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { markdown } = await benchCpuLoad();
  console.log(markdown);
}
