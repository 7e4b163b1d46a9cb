// One browser holding as much as the server's per-browser budgets let it store, sent through the real routes
// (so any budget the server enforces, such as a total size of versions per browser, thins it as it would any
// browser's): versions of `essays` essays, `perEssay` each, every text of ESSAY_VERSION_MAX_CHARS characters
// that do not compress, plus analytics events. For "Download my data" and "Delete my data" at their worst.
import { randomBytes } from 'node:crypto';
import {
  ESSAY_VERSION_MAX_CHARS, ESSAY_VERSIONS_PER_ESSAY, ESSAY_VERSIONS_PER_REQUEST,
} from '../../../src/common/limits/limits.ts';
import { ESSAY_VERSIONS_TOTAL_BYTES } from '../../../src/common/essay/versionPruning.ts';
import { EVENTS_BATCH_MAX } from '../../../src/common/contract/contract.ts';
import { TEST_ORIGIN } from '../helper.ts';

export interface BrowserShape { essays: number; perEssay: number; events: number }

/** Versions of the longest text that fill a browser's total, and a few more for the server to let go. */
const VERSIONS_TO_FILL = Math.ceil(ESSAY_VERSIONS_TOTAL_BYTES / ESSAY_VERSION_MAX_CHARS) + 10;

/**
 * The largest browser the budgets allow in a day: versions past its total (ESSAY_VERSIONS_TOTAL_BYTES, which
 * the server keeps it to), and a day's analytics events (the events route's daily figure per browser). Over
 * the retention period only its events can grow further, a day's worth at a time; the export reads them in
 * pages, so its hold on the event loop does not grow with them, only its time.
 */
export const LARGEST_BROWSER: BrowserShape = {
  essays: Math.ceil(VERSIONS_TO_FILL / ESSAY_VERSIONS_PER_ESSAY), perEssay: Math.min(VERSIONS_TO_FILL, ESSAY_VERSIONS_PER_ESSAY), events: 2000,
};

const essayKey = (n: number): string => (n === 0 ? 'personal' : `supplemental-${n.toString(16).padStart(16, '0')}`);

/** The versions of the shape, in request-sized batches. */
function* versionBatches(shape: BrowserShape): Generator<unknown[]> {
  let batch: unknown[] = [];
  for (let essay = 0; essay < shape.essays; essay += 1) {
    for (let n = 0; n < shape.perEssay; n += 1) {
      batch.push({
        id: `large-${essay}-${n}`, essayKey: essayKey(essay), kind: 'edited', at: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
        // Base64 of random bytes: as long as allowed, and nothing a compressor could shrink.
        text: randomBytes(Math.ceil(ESSAY_VERSION_MAX_CHARS * 0.75)).toString('base64').slice(0, ESSAY_VERSION_MAX_CHARS),
      });
      if (batch.length === ESSAY_VERSIONS_PER_REQUEST) {
        yield batch;
        batch = [];
      }
    }
  }
  if (batch.length > 0) yield batch;
}

async function sendOk(base: string, path: string, cookie: string, body: unknown): Promise<void> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST', headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`POST ${path} answered ${response.status}: ${await response.text()}`);
  await response.arrayBuffer();
}

/** Fills the browser of `cookie` on the server at `base`, a few requests at a time. */
export async function seedLargeBrowser(base: string, cookie: string, shape: BrowserShape): Promise<void> {
  const batches = versionBatches(shape);
  const worker = async () => {
    for (let next = batches.next(); !next.done; next = batches.next()) {
      await sendOk(base, '/api/essay-versions', cookie, { versions: next.value });
    }
  };
  await Promise.all([worker(), worker(), worker()]);
  for (let sent = 0; sent < shape.events; sent += EVENTS_BATCH_MAX) {
    const events = Array.from({ length: Math.min(EVENTS_BATCH_MAX, shape.events - sent) }, (_, n) => ({
      name: 'page_viewed', timestamp: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(), params: { page_path: `/form/${sent + n}` },
    }));
    await sendOk(base, '/api/events', cookie, { events });
  }
}

/** Reads a streamed answer to its end without keeping it; answers its size in bytes. */
export async function drain(response: Response): Promise<number> {
  let bytes = 0;
  const reader = response.body?.getReader();
  if (!reader) return 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) bytes += chunk.value.byteLength;
  return bytes;
}
