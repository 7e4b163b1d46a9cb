// "Download my data" and "Delete my data" for a large browser never hold the server's event loop more than
// 50 ms at a time (thread CPU time, measured inside the server's own process): the export is read in short
// pages and streamed, the erasure runs in short batches. The browser is the largest the budgets allow in a day
// (test/bench/myData.ts measures it with four at once).
import { describe, expect, it, onTestFinished } from 'vitest';
import { ESSAY_VERSIONS_TOTAL_BYTES } from '../../../src/common/essay/versionPruning.ts';
import { TEST_ORIGIN } from '../helper.ts';
import { testDatabases } from '../databases.ts';
import { startChildServer } from './childServer.ts';
import { newSession } from './httpClient.ts';
import { drain, LARGEST_BROWSER, seedLargeBrowser } from './largeBrowser.ts';
import { ROOMY_LIMITS } from './roomyLimits.ts';

const LOOP_BUDGET_MS = 50;

describe.each(testDatabases)('a large browser’s data on $name', (target) => {
  it(`is exported and erased without holding the event loop more than ${LOOP_BUDGET_MS} ms`, async () => {
    const server = await startChildServer(target, ROOMY_LIMITS);
    onTestFinished(() => server.close());
    const exportOf = (cookie: string) => fetch(`${server.base}/api/my-data`, { headers: { cookie } });
    const erase = (cookie: string) => fetch(`${server.base}/api/my-data`, {
      method: 'DELETE', headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' }, body: '{"confirm":true}',
    });
    // Once each on a small browser first: compiling the routes' code is not what an export costs.
    const warm = await newSession(server.base);
    await seedLargeBrowser(server.base, warm, { essays: 1, perEssay: 5, events: 10 });
    await drain(await exportOf(warm));
    await drain(await erase(warm));
    const cookie = await newSession(server.base);
    await seedLargeBrowser(server.base, cookie, LARGEST_BROWSER);

    await server.reset();
    const exported = await exportOf(cookie);
    expect(exported.status).toBe(200);
    const bytes = await drain(exported);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const exportHeld = await server.maxBlockedMs();

    await server.reset();
    const erased = await erase(cookie);
    expect(erased.status).toBe(200);
    await drain(erased);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const eraseHeld = await server.maxBlockedMs();

    console.info(`my data on ${target.name}: export of ${(bytes / 1e6).toFixed(1)} MB held the loop ${exportHeld.toFixed(1)} ms at most, erasure ${eraseHeld.toFixed(1)} ms`);
    // The versions' text, kept to the browser's total, is most of it.
    expect(bytes).toBeGreaterThan(ESSAY_VERSIONS_TOTAL_BYTES * 0.9);
    expect(exportHeld).toBeLessThanOrEqual(LOOP_BUDGET_MS);
    expect(eraseHeld).toBeLessThanOrEqual(LOOP_BUDGET_MS);
    const after = await (await exportOf(cookie)).json() as { tables: Record<string, unknown[]> };
    expect(after.tables.essay_versions).toEqual([]);
    expect(after.tables.events).toEqual([]);
  }, 120_000);
});
