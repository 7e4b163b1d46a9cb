// What a stalled service costs a request, on the production app (buildApp) listening on a real port:
//   - Redis paused (`CLIENT PAUSE 5000 ALL`): the first API request's answer time (two command timeouts, then
//     the breaker skips Redis), and the median of the next ones (limits counted in memory, Redis untouched)
//     beside the median with Redis answering;
//   - PostgreSQL with the forms table locked by another connection: `PUT /api/forms/me` answers 503 at about
//     DATABASE_STATEMENT_TIMEOUT (the production default unless set), not when the lock goes.
// Needs BENCH_REDIS_URL or TEST_REDIS_URL (a Redis of its own: it is paused for 5 s) and BENCH_DATABASE_URL or
// TEST_DATABASE_URL (a private schema is created and dropped); either part is skipped, with a message, without.
// Standalone: `npx tsx test/bench/services.ts`.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { buildApp } from '../../src/server/app.ts';
import { type Config, loadConfig } from '../../src/server/config.ts';
import { openDatabase } from '../../src/server/db/connection.ts';
import { migrateDatabase } from '../../src/server/db/migrate.ts';
import { adminQuery } from '../server/databases.ts';
import { deleteKeys, pauseRedis, uniquePrefix } from '../server/redis.ts';
import { documentWith } from '../server/serverProcess.ts';
import { type BenchRow, formatRows } from './types.ts';

const REDIS_PAUSE_MS = 5_000;
const REDIS_FIRST_BUDGET_MS = 300;
/** Added to the median with Redis answering: the breaker's answers must not be slower than that by more. */
const REDIS_NEXT_SLACK_MS = 50;
const REQUESTS_WHILE_PAUSED = 20;
const ORIGIN = 'http://localhost:8080';

/** The production app on a fresh data directory (PGlite unless DATABASE_URL is given), listening on a free port. */
async function startApp(env: Record<string, string>): Promise<{ config: Config; url: string; close: () => Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'essay-bench-services-'));
  const config = loadConfig({
    NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: ORIGIN, LOG_LEVEL: 'fatal',
    DATABASE_STATEMENT_TIMEOUT: process.env.DATABASE_STATEMENT_TIMEOUT ?? '', ...env,
  });
  const database = await openDatabase(config);
  await migrateDatabase(config, database);
  const app = await buildApp({ config, db: database });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { config, url, close: async () => { await app.close(); rmSync(dataDir, { recursive: true, force: true }); } };
}

async function session(url: string): Promise<string> {
  const response = await fetch(`${url}/api/session`, { method: 'POST', headers: { origin: ORIGIN } });
  return (response.headers.getSetCookie()[0] ?? '').split(';', 1)[0] ?? '';
}

async function timed(work: () => Promise<Response>): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await work();
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export async function benchRedisPaused(redisUrl: string): Promise<BenchRow[]> {
  const prefix = uniquePrefix();
  const { url, close } = await startApp({ REDIS_URL: redisUrl, REDIS_KEY_PREFIX: prefix });
  try {
    const cookie = await session(url);
    const whoami = () => fetch(`${url}/api/whoami`, { headers: { cookie } });
    const answering: number[] = [];
    for (let index = 0; index < REQUESTS_WHILE_PAUSED; index += 1) answering.push((await timed(whoami)).ms);
    const { ended } = await pauseRedis(redisUrl, REDIS_PAUSE_MS);
    const first = await timed(whoami);
    const next: number[] = [];
    for (let index = 0; index < REQUESTS_WHILE_PAUSED; index += 1) next.push((await timed(whoami)).ms);
    await ended;
    const nextBudget = median(answering) + REDIS_NEXT_SLACK_MS;
    return [
      { name: `GET /api/whoami with Redis answering (median of ${REQUESTS_WHILE_PAUSED})`, value: Math.round(median(answering)), unit: 'ms', budget: 'reference', pass: true },
      { name: `GET /api/whoami, first with Redis paused (status ${first.status})`, value: Math.round(first.ms), unit: 'ms', budget: `≤ ${REDIS_FIRST_BUDGET_MS} ms`, pass: first.status === 200 && first.ms <= REDIS_FIRST_BUDGET_MS },
      { name: `GET /api/whoami with Redis paused, breaker open (median of ${REQUESTS_WHILE_PAUSED})`, value: Math.round(median(next)), unit: 'ms', budget: `≤ ${Math.round(nextBudget)} ms (reference + ${REDIS_NEXT_SLACK_MS})`, pass: median(next) <= nextBudget },
    ];
  } finally {
    await close();
    await deleteKeys(redisUrl, prefix);
  }
}

export async function benchPostgresBlocked(databaseUrl: string): Promise<BenchRow[]> {
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(databaseUrl, `create schema ${schema}`);
  const scoped = new URL(databaseUrl);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  const { config, url, close } = await startApp({ DATABASE_URL: scoped.toString() });
  const locker = new pg.Client({ connectionString: scoped.toString() });
  try {
    const cookie = await session(url);
    const put = (baseRevision: number) => fetch(`${url}/api/forms/me`, {
      method: 'PUT', headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ document: documentWith('bench'), baseRevision }),
    });
    await put(0);
    await locker.connect();
    await locker.query('begin');
    await locker.query('lock table forms in access exclusive mode');
    const blocked = await timed(() => put(1));
    await locker.query('rollback');
    const { statementMs } = config.databaseTimeouts;
    return [{
      name: `PUT /api/forms/me, forms locked by another connection (status ${blocked.status})`, value: Math.round(blocked.ms), unit: 'ms',
      budget: `503 within ${statementMs / 1000} s + 1 s`, pass: blocked.status === 503 && blocked.ms <= statementMs + 1_000,
    }];
  } finally {
    await locker.end().catch(() => undefined);
    await close();
    await adminQuery(databaseUrl, `drop schema if exists ${schema} cascade`);
  }
}

export async function benchServices(): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  const redisUrl = process.env.BENCH_REDIS_URL || process.env.TEST_REDIS_URL || undefined;
  const databaseUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
  if (redisUrl) rows.push(...(await benchRedisPaused(redisUrl)));
  else console.log('services bench: Redis paused skipped (set BENCH_REDIS_URL or TEST_REDIS_URL to a Redis of its own)');
  if (databaseUrl) rows.push(...(await benchPostgresBlocked(databaseUrl)));
  else console.log('services bench: PostgreSQL blocked skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rows = await benchServices();
  console.log(formatRows(rows));
  if (rows.some((row) => !row.pass)) process.exitCode = 1;
}
