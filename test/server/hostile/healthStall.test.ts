// While twenty adversarial requests are in flight (the bodies that stalled every visitor: an e-mail pattern
// fed 40,000 dots, a 64 KB event field, 150 follow-up answers, 20,000 nested objects, and the largest AI calls
// with hostile text), GET /api/health waits through at most 50 ms of the server's own work at the 99th
// percentile. Each probe is timed by the CPU time the server's loop thread spent while it was out, read from
// outside the server's process: the work queued ahead of the probe, not the time the machine's other
// processes took (on a busy machine a wall-clock budget measured the machine, not the app).
import { describe, expect, it, onTestFinished } from 'vitest';
import { testDatabases } from '../databases.ts';
import { startChildServer } from './childServer.ts';
import { ROOMY_LIMITS } from './roomyLimits.ts';
import { adversarialBodies, adversarialRequests, healthUnderLoad } from './healthUnderLoad.ts';

// Another visitor's request under a flood waits through at most 50 ms at the 99th percentile, the most one slice
// of the loop's work may take. (This wait adds up the slices queued ahead of the probe. With the secret, path
// and payment gates and the paid reserve's count it measured 32-54 ms, over 50 in 2 of 8 runs; an AI call's
// three daily counts in one statement brought it to 32-41 ms in 8 runs.)
const P99_BUDGET_MS = 50;
const ROUNDS = 20;

// Every run gates on PGlite, where every query also runs on the server's loop thread, the strictest case. On
// PostgreSQL the queries run in the database's own processes; it is opt-in (HEALTH_STALL_TEST=1) to save time.
const gated = testDatabases.filter((target) => target.name === 'pglite' || process.env.HEALTH_STALL_TEST === '1');

// The loop thread's CPU time is read from /proc: Linux only.
describe.runIf(process.platform === 'linux').each(gated)('health under adversarial load on $name', (target) => {
  it(`GET /api/health waits through at most ${P99_BUDGET_MS} ms of the loop's work (p99) while 20 adversarial requests are in flight`, async () => {
    const server = await startChildServer(target, ROOMY_LIMITS);
    onTestFinished(() => server.close());
    const loopCpu = (): number => {
      const ms = server.loopCpuMs();
      if (ms === undefined) throw new Error('the server process\'s loop thread CPU time cannot be read');
      return ms;
    };
    const requests = await adversarialRequests(server, adversarialBodies());
    await healthUnderLoad(server, requests, 1, loopCpu); // warm-up: first calls compile the routes' code
    const { probes, p99, adversarialStatuses, healthStatuses } = await healthUnderLoad(server, requests, ROUNDS, loopCpu);
    console.info(`health under adversarial load on ${target.name}: ${probes.length} probes, p99 ${p99.toFixed(1)} ms of the loop thread's CPU time`);
    expect(adversarialStatuses.every((status) => status < 500)).toBe(true);
    expect(healthStatuses.every((status) => status === 200)).toBe(true);
    // At least one probe per round waits through that round's requests.
    expect(probes.length).toBeGreaterThanOrEqual(ROUNDS);
    expect(p99).toBeLessThanOrEqual(P99_BUDGET_MS);
  }, 60_000);
});
