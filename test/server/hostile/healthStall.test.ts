// While twenty adversarial requests are in flight (the bodies that stalled every visitor: an e-mail pattern
// fed 40,000 dots, a 64 KB event field, 150 follow-up answers, 20,000 nested objects, and the largest AI calls
// with hostile text), GET /api/health answers within 50 ms at the 99th percentile. The server runs in its own
// process, so the probe's time is the server's, not this test's.
import { describe, expect, it, onTestFinished } from 'vitest';
import { testDatabases } from '../databases.ts';
import { startChildServer } from './childServer.ts';
import { ROOMY_LIMITS } from './roomyLimits.ts';
import { adversarialBodies, adversarialRequests, healthUnderLoad } from './healthUnderLoad.ts';

const P99_BUDGET_MS = 50;

// Gates every run on PGlite, where it measured p99 24–30 ms alone on a 2-core machine. On PostgreSQL it is
// opt-in (HEALTH_STALL_TEST=1): there the database server runs on the same two cores as the app and the test's
// client, and its backends working through the adversarial requests' queries push the probe to 43–48 ms, a
// figure about this machine's co-location more than about the app, and too close to the budget to gate on.
const gated = testDatabases.filter((target) => target.name === 'pglite' || process.env.HEALTH_STALL_TEST === '1');

describe.each(gated)('health under adversarial load on $name', (target) => {
  it(`GET /api/health p99 stays within ${P99_BUDGET_MS} ms while 20 adversarial requests are in flight`, async () => {
    const server = await startChildServer(target, ROOMY_LIMITS);
    onTestFinished(() => server.close());
    const requests = await adversarialRequests(server, adversarialBodies());
    await healthUnderLoad(server, requests, 1); // warm-up: first calls compile the routes' code
    const { probes, p99, adversarialStatuses } = await healthUnderLoad(server, requests, 20);
    console.info(`health under adversarial load on ${target.name}: ${probes.length} probes, p99 ${p99.toFixed(1)} ms`);
    expect(adversarialStatuses.every((status) => status < 500)).toBe(true);
    expect(probes.length).toBeGreaterThanOrEqual(50);
    expect(p99).toBeLessThanOrEqual(P99_BUDGET_MS);
  }, 60_000);
});
