// A browser whose stored versions are at their total (ESSAY_VERSIONS_TOTAL_BYTES), every text the longest in
// bytes a version may hold (20,000 emoji, 80 KB), sent through the real route: the versions page and the
// export at their largest.
import { ESSAY_VERSIONS_TOTAL_BYTES } from '../../src/common/essay/versionPruning.ts';
import { TEST_ORIGIN } from '../server/helper.ts';
import { largestBatch } from './routeCpuCases.ts';

/** Requests enough to pass the total, so the server has let some go. */
const REQUESTS = Math.ceil(ESSAY_VERSIONS_TOTAL_BYTES / largestBatch().reduce((sum, version) => sum + Buffer.byteLength(version.text), 0)) + 2;

export async function seedVersionsToTotal(base: string, cookie: string): Promise<void> {
  for (let sent = 0; sent < REQUESTS; sent += 1) {
    const versions = largestBatch();
    const response = await fetch(`${base}/api/essay-versions`, {
      method: 'POST', headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' }, body: JSON.stringify({ versions }),
    });
    if (!response.ok) throw new Error(`seeding versions answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
  }
}
