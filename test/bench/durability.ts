// What durability costs a save on PGlite: `PUT /api/forms/me` through the real app (HTTP on a real listen) on a
// data directory, in the default mode (each commit's WAL fdatasynced before the answer) and in the opt-in
// `lose-on-power-failure` mode (no sync). One browser saving alone shows the cost per save; 50 browsers
// saving at once show what group commit recovers (commits that arrive together share a sync).
// Standalone: `npx tsx test/bench/durability.ts`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/connection.ts';
import type { PgliteDurabilityMode } from '../../src/server/db/pgliteDurability.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { emptyFormDocument } from '../../src/common/questionnaire/formDocumentDefaults.ts';
import { type BenchRow, formatRows } from './types.ts';

const SEQUENTIAL_SAVES = 300;
const SEQUENTIAL_BROWSERS = 3;
const BROWSERS = 50;
const SAVES_PER_BROWSER = 20;

interface Figures { sequentialMeanMs: number; concurrentPerSecond: number }

async function measure(mode: PgliteDurabilityMode): Promise<Figures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'essay-bench-durability-'));
  const origin = 'http://localhost:8080';
  const config = loadConfig({
    NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '10000000', PUBLIC_URL: origin,
    PGLITE_DURABILITY: mode,
  });
  const database = await openDatabase(config);
  await migrate(database.db);
  const app = await buildApp({ config, db: database });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  try {
    const session = async () => {
      const response = await fetch(`${url}/api/session`, { method: 'POST', headers: { origin } });
      return response.headers.getSetCookie()[0]?.split(';', 1)[0] ?? '';
    };
    const saver = async (cookie: string, saves: number) => {
      for (let revision = 0; revision < saves; revision += 1) {
        const document = { ...emptyFormDocument(), generatedEssay: `draft ${revision}` };
        const response = await fetch(`${url}/api/forms/me`, {
          method: 'PUT',
          headers: { origin, cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ document, baseRevision: revision }),
        });
        if (response.status !== 200) throw new Error(`a save answered ${response.status}`);
      }
    };
    await saver(await session(), 20); // warm-up
    // One browser at a time, each within the save route's own rate (120 a minute per browser).
    const sequentialCookies = await Promise.all(Array.from({ length: SEQUENTIAL_BROWSERS }, session));
    let started = performance.now();
    for (const cookie of sequentialCookies) await saver(cookie, SEQUENTIAL_SAVES / SEQUENTIAL_BROWSERS);
    const sequentialMeanMs = (performance.now() - started) / SEQUENTIAL_SAVES;
    const cookies = await Promise.all(Array.from({ length: BROWSERS }, session));
    started = performance.now();
    await Promise.all(cookies.map((cookie) => saver(cookie, SAVES_PER_BROWSER)));
    const concurrentPerSecond = (BROWSERS * SAVES_PER_BROWSER) / ((performance.now() - started) / 1000);
    return { sequentialMeanMs, concurrentPerSecond };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchDurability(): Promise<BenchRow[]> {
  const durable = await measure('fsync');
  const unsafe = await measure('lose-on-power-failure');
  return [
    { name: 'PGlite save, one browser: mean time per save, fsync (default)', value: durable.sequentialMeanMs, unit: 'ms', budget: 'recorded', pass: true },
    { name: 'PGlite save, one browser: mean time per save, lose-on-power-failure', value: unsafe.sequentialMeanMs, unit: 'ms', budget: 'recorded', pass: true },
    { name: `PGlite saves, ${BROWSERS} browsers at once: throughput, fsync (default)`, value: Math.round(durable.concurrentPerSecond), unit: 'saves/s', budget: 'recorded', pass: true },
    { name: `PGlite saves, ${BROWSERS} browsers at once: throughput, lose-on-power-failure`, value: Math.round(unsafe.concurrentPerSecond), unit: 'saves/s', budget: 'recorded', pass: true },
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(formatRows(await benchDurability()));
}
