// What one hostile visitor can cost everyone else, on a server in its own process (PGlite): each adversarial
// body sent alone (the slowest answer, and the longest it held the server's event loop), then GET /api/health
// timed while twenty of them are in flight at once.
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { testDatabases } from '../server/databases.ts';
import { startChildServer } from '../server/hostile/childServer.ts';
import { adversarialBodies, adversarialRequests, healthUnderLoad } from '../server/hostile/healthUnderLoad.ts';
import { send } from '../server/hostile/httpClient.ts';
import { ROOMY_LIMITS } from '../server/hostile/roomyLimits.ts';
import type { BenchRow } from './types.ts';

const LOOP_BUDGET_MS = 50;
const HEALTH_P99_BUDGET_MS = 50;
const ROUNDS = 20;

export async function benchHostile(): Promise<BenchRow[]> {
  const pglite = testDatabases.find((database) => database.name === 'pglite');
  if (pglite === undefined) throw new Error('no PGlite test database');
  const server = await startChildServer(pglite, ROOMY_LIMITS);
  try {
    const kinds = adversarialBodies().slice(0, 5);
    const requests = await adversarialRequests(server, kinds);
    // Once each first: compiling a route's code on its first call is not what a visitor's body costs.
    for (const request of requests) await send(request);
    const slowest = { ms: 0, heldMs: 0, url: '' };
    for (const [index, request] of requests.entries()) {
      for (let repeat = 0; repeat < 3; repeat += 1) {
        await server.reset();
        const started = performance.now();
        await send(request);
        const ms = performance.now() - started;
        await new Promise((resolve) => setTimeout(resolve, 5));
        const heldMs = await server.maxBlockedMs();
        if (ms > slowest.ms) Object.assign(slowest, { ms, url: kinds[index]?.url ?? '' });
        slowest.heldMs = Math.max(slowest.heldMs, heldMs);
      }
    }
    const all = await adversarialRequests(server, adversarialBodies());
    await healthUnderLoad(server, all, 1);
    const { p99 } = await healthUnderLoad(server, all, ROUNDS);
    return [
      { name: `slowest adversarial request alone, answer time (${slowest.url})`, value: slowest.ms, unit: 'ms', budget: 'recorded', pass: true },
      { name: 'longest the server\'s event loop was held by one adversarial request', value: slowest.heldMs, unit: 'ms', budget: `≤ ${LOOP_BUDGET_MS} ms`, pass: slowest.heldMs <= LOOP_BUDGET_MS },
      { name: `GET /api/health p99 while 20 adversarial requests are in flight (${ROUNDS} rounds)`, value: p99, unit: 'ms', budget: `≤ ${HEALTH_P99_BUDGET_MS} ms`, pass: p99 <= HEALTH_P99_BUDGET_MS },
    ];
  } finally {
    await server.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const row of await benchHostile()) console.log(`${row.name}: ${row.value.toFixed(1)} ${row.unit} (${row.budget})`);
}
