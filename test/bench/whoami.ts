// Budget: `GET /api/whoami` (a signed-cookie check and an entitlements read) at no less than
// half the rate of a route that does no work, on the same app with the same plugins, measured in the same run.
// Only 2xx answers count; the rate limit is raised for the bench. Every request carries a different browser's
// session cookie (1,000 sessions, half of them paid), so no two consecutive lookups are for the same uid.
// Standalone: `npx tsx test/bench/whoami.ts`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { type App, buildApp } from '../../src/server/app.ts';
import { loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/connection.ts';
import { savePlan } from '../../src/server/db/entitlements.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { whoamiResponseSchema } from '../../src/common/contract/contract.ts';
import { type BenchRow, formatRows } from './types.ts';
import { testRoute } from '../server/limits/testRouteBudget.ts';

/** Seconds of load per route, in ROUNDS alternating slices so a change in the machine's load hits both alike. */
const DURATION_SECONDS = 10;
const ROUNDS = 5;
const WARM_UP_SECONDS = 2;
const CONNECTIONS = 50;
const SESSIONS = 1000;
const MIN_RATIO = 0.5;

/** The production app (PGlite in a data directory) plus the bench's do-nothing route, and many sessions. */
async function startBenchServer(dataDir: string): Promise<{ app: App; url: string; cookies: string[] }> {
  const config = loadConfig({
    NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'warn', RATE_LIMIT_MAX: '10000000', SESSION_LIMIT_PER_IP: '10000000',
  });
  const database = await openDatabase(config);
  await migrate(database.db);
  const app = await buildApp({ config, db: database });
  // Same response schema as whoami, so the only difference is the work: cookie check and database read.
  app.get('/api/bench/empty', { ...testRoute, schema: { response: { 200: whoamiResponseSchema } } }, async () => ({ plan: 'free' as const }));

  const cookies: string[] = [];
  for (let index = 0; index < SESSIONS; index += 1) {
    const session = await app.inject({ method: 'POST', url: '/api/session' });
    if (index % 2 === 0) await savePlan(database.db, { uid: session.json<{ uid: string }>().uid, plan: 'paid', source: 'bench', at: new Date() });
    cookies.push(String(session.headers['set-cookie']).split(';', 1)[0] ?? '');
  }
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url, cookies };
}

/** autocannon's worker thread loads request hooks from a file: this one hands each request the next cookie. */
function writeCookieRotation(dir: string, cookies: string[]): string {
  const file = join(dir, 'rotate-cookies.cjs');
  writeFileSync(file, `const cookies = ${JSON.stringify(cookies)};
let next = Math.floor(Math.random() * cookies.length);
module.exports = (request) => {
  next = (next + 1) % cookies.length;
  request.headers = { ...request.headers, cookie: cookies[next] };
  return request;
};
`);
  return file;
}

interface Tally { successes: number; seconds: number }

async function measure(url: string, setupRequest: string, seconds: number, tally: Tally): Promise<void> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, workers: 1, requests: [{ setupRequest }] });
  tally.successes += result['2xx'];
  tally.seconds += result.duration;
}

export async function benchWhoami(): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'essay-bench-whoami-'));
  const { app, url, cookies } = await startBenchServer(dataDir);
  try {
    const rotation = writeCookieRotation(dataDir, cookies);
    const whoamiUrl = `${url}/api/whoami`;
    const emptyUrl = `${url}/api/bench/empty`;
    const answer = await (await fetch(whoamiUrl, { headers: { cookie: cookies[0] ?? '' } })).json() as { plan?: string };
    if (answer.plan !== 'paid') throw new Error('whoami did not read the plan granted to the first session');

    const warmUp: Tally = { successes: 0, seconds: 0 };
    await measure(emptyUrl, rotation, WARM_UP_SECONDS, warmUp);
    await measure(whoamiUrl, rotation, WARM_UP_SECONDS, warmUp);
    const emptyTally: Tally = { successes: 0, seconds: 0 };
    const whoamiTally: Tally = { successes: 0, seconds: 0 };
    for (let round = 0; round < ROUNDS; round += 1) {
      await measure(emptyUrl, rotation, DURATION_SECONDS / ROUNDS, emptyTally);
      await measure(whoamiUrl, rotation, DURATION_SECONDS / ROUNDS, whoamiTally);
    }
    const empty = emptyTally.successes / emptyTally.seconds;
    const whoami = whoamiTally.successes / whoamiTally.seconds;
    const ratio = whoami / empty;
    return [
      { name: 'GET /api/whoami (PGlite read), 2xx', value: Math.round(whoami), unit: 'req/s', budget: 'see ratio', pass: whoami > 0 },
      { name: 'empty route, same app and plugins, 2xx', value: Math.round(empty), unit: 'req/s', budget: 'reference', pass: empty > 0 },
      { name: 'whoami rate / empty route rate', value: ratio, unit: '×', budget: `≥ ${MIN_RATIO}`, pass: ratio >= MIN_RATIO },
    ];
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rows = await benchWhoami();
  console.log(formatRows(rows));
  if (rows.some((row) => !row.pass)) process.exitCode = 1;
}
