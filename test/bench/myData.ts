// "Download my data" and "Delete my data" at the largest browser the per-browser budgets allow
// (largeBrowser.ts: every essay with versions, each with all its versions at the longest text, plus events),
// on a server in its own process (PGlite, the loop meter inside it): the export's time and size, the longest
// the event loop was held during the export and during the erasure (each ≤ 50 ms), and the server's peak
// memory while four such browsers download at once. Standalone: `npx tsx test/bench/myData.ts`.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { testDatabases } from '../server/databases.ts';
import { TEST_ORIGIN } from '../server/helper.ts';
import { type ChildServer, startChildServer } from '../server/hostile/childServer.ts';
import { newSession } from '../server/hostile/httpClient.ts';
import { type BrowserShape, drain, LARGEST_BROWSER, seedLargeBrowser } from '../server/hostile/largeBrowser.ts';
import { ROOMY_LIMITS } from '../server/hostile/roomyLimits.ts';
import type { BenchRow } from './types.ts';

const LOOP_BUDGET_MS = 50;
const PARALLEL = 4;

/** The process's resident memory now (MB), from /proc. */
const rssMb = (pid: number): number => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** The CPU time (ms) the process has used, all its threads: a figure a busy machine does not inflate as it does wall time. */
const cpuMs = (pid: number): number => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10; // utime and stime, in ticks of 10 ms
};

const exportOf = (server: ChildServer, cookie: string) => fetch(`${server.base}/api/my-data`, { headers: { cookie } });

async function loopHeldBy(server: ChildServer, work: () => Promise<void>): Promise<number> {
  await server.reset();
  await work();
  await new Promise((resolve) => setTimeout(resolve, 5));
  return server.maxBlockedMs();
}

/** The peak resident memory (MB) while `work` runs, sampled every 20 ms. */
async function peakRssDuring(pid: number, work: Promise<unknown>): Promise<number> {
  let peak = rssMb(pid);
  const sampler = setInterval(() => { peak = Math.max(peak, rssMb(pid)); }, 20);
  try {
    await work;
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, rssMb(pid));
}

export async function benchMyData(shape: BrowserShape = LARGEST_BROWSER): Promise<BenchRow[]> {
  const pglite = testDatabases.find((database) => database.name === 'pglite');
  if (pglite === undefined) throw new Error('no PGlite test database');
  const server = await startChildServer(pglite, ROOMY_LIMITS);
  try {
    const warm = await newSession(server.base);
    await seedLargeBrowser(server.base, warm, { essays: 1, perEssay: 5, events: 10 });
    await drain(await exportOf(server, warm));
    const cookies = await Promise.all(Array.from({ length: PARALLEL }, () => newSession(server.base)));
    for (const cookie of cookies) await seedLargeBrowser(server.base, cookie, shape);
    const [first] = cookies as [string, ...string[]];

    let bytes = 0;
    let exportMs = 0;
    let exportCpuMs = 0;
    const exportHeld = await loopHeldBy(server, async () => {
      const [started, cpu] = [performance.now(), cpuMs(server.pid)];
      bytes = await drain(await exportOf(server, first));
      [exportMs, exportCpuMs] = [performance.now() - started, cpuMs(server.pid) - cpu];
    });
    const before = rssMb(server.pid);
    const peak = await peakRssDuring(server.pid, Promise.all(cookies.map(async (cookie) => drain(await exportOf(server, cookie)))));
    const eraseHeld = await loopHeldBy(server, async () => {
      const answer = await fetch(`${server.base}/api/my-data`, {
        method: 'DELETE', headers: { cookie: first, origin: TEST_ORIGIN, 'content-type': 'application/json' }, body: '{"confirm":true}',
      });
      if (!answer.ok) throw new Error(`DELETE /api/my-data answered ${answer.status}`);
      await drain(answer);
    });
    const what = `${shape.essays} essays × ${shape.perEssay} versions + ${shape.events} events`;
    return [
      { name: `GET /api/my-data of the largest browser (${what}; ${(bytes / 1e6).toFixed(1)} MB), time to the last byte`, value: exportMs, unit: 'ms', budget: 'recorded', pass: true },
      { name: 'server CPU time that export took (every thread: reading, JSON, compression)', value: exportCpuMs, unit: 'ms', budget: 'recorded', pass: true },
      { name: 'longest the event loop was held during that export', value: exportHeld, unit: 'ms', budget: `≤ ${LOOP_BUDGET_MS} ms`, pass: exportHeld <= LOOP_BUDGET_MS },
      { name: `server peak RSS while ${PARALLEL} such browsers download at once (${before.toFixed(0)} MB before)`, value: peak, unit: 'MB', budget: 'recorded', pass: true },
      { name: 'longest the event loop was held during "Delete my data" of that browser', value: eraseHeld, unit: 'ms', budget: `≤ ${LOOP_BUDGET_MS} ms`, pass: eraseHeld <= LOOP_BUDGET_MS },
    ];
  } finally {
    await server.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const row of await benchMyData()) console.log(`${row.name}: ${row.value.toFixed(1)} ${row.unit} (${row.budget})`);
}
