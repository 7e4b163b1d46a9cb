// A browser whose stored versions are at their total (ESSAY_VERSIONS_TOTAL_BYTES), every text the longest in
// bytes a version may hold (20,000 emoji, 80 KB), sent through the real route: the versions page and the
// export at their largest.
import { randomBytes } from 'node:crypto';
import { ESSAY_VERSIONS_TOTAL_BYTES } from '../../src/common/essay/versionPruning.ts';
import { ESSAY_VERSION_MAX_CHARS, ESSAY_VERSIONS_PER_REQUEST } from '../../src/common/limits/limits.ts';
import { TEST_ORIGIN } from '../server/helper.ts';
import { fill } from '../server/hostile/hostileText.ts';

const LONGEST_TEXT = fill('😀', ESSAY_VERSION_MAX_CHARS);
/** Enough to pass the total, so the server has let some go. */
const VERSIONS = Math.ceil(ESSAY_VERSIONS_TOTAL_BYTES / Buffer.byteLength(LONGEST_TEXT)) + 4;

export async function seedVersionsToTotal(base: string, cookie: string): Promise<void> {
  for (let sent = 0; sent < VERSIONS; sent += ESSAY_VERSIONS_PER_REQUEST) {
    const versions = Array.from({ length: Math.min(ESSAY_VERSIONS_PER_REQUEST, VERSIONS - sent) }, (_, n) => ({
      id: `seed-${randomBytes(8).toString('hex')}`, essayKey: 'personal', kind: 'edited',
      at: new Date(Date.UTC(2026, 0, 1, 0, sent + n)).toISOString(), text: LONGEST_TEXT,
    }));
    const response = await fetch(`${base}/api/essay-versions`, {
      method: 'POST', headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' }, body: JSON.stringify({ versions }),
    });
    if (!response.ok) throw new Error(`seeding versions answered ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
  }
}
