// PostgreSQL that cannot answer in time, for real: a statement held behind a lock another connection keeps,
// and a pool whose every connection is busy. Either way the request answers 503 with Retry-After (the browser
// retries it) within about the configured timeout, instead of hanging or failing with a 500.
import pg from 'pg';
import { describe, expect, it, onTestFinished } from 'vitest';
import { type DatabaseTimeouts, openPostgres } from '../../../src/server/db/connection.ts';
import { migrate } from '../../../src/server/db/migrate.ts';
import type { TestDatabase } from '../databases.ts';
import { buildTestApp, startSession, TEST_ORIGIN } from '../helper.ts';
import { documentWith } from '../serverProcess.ts';
import { privateSchema } from './privateSchema.ts';

const postgresUrl = process.env.TEST_DATABASE_URL || undefined;

async function setup(timeouts: DatabaseTimeouts, poolSize = 10) {
  const url = await privateSchema(postgresUrl ?? '');
  const target: Pick<TestDatabase, 'open'> = {
    open: async () => {
      const handle = openPostgres(url, { timeouts, pool: { max: poolSize } });
      await migrate(handle.db);
      return handle;
    },
  };
  const { app } = await buildTestApp(target);
  const { cookie } = await startSession(app);
  const headers = { cookie, origin: TEST_ORIGIN };
  const put = (baseRevision: number) => app.inject({
    method: 'PUT', url: '/api/forms/me', headers, payload: { document: documentWith(`revision ${baseRevision + 1}`), baseRevision },
  });
  /** Another connection takes the forms table, as a long migration or a stuck transaction would; released with its rollback. */
  const lockForms = async () => {
    const locker = new pg.Client({ connectionString: url });
    await locker.connect();
    onTestFinished(() => locker.end());
    await locker.query('begin');
    await locker.query('lock table forms in access exclusive mode');
    const release = () => locker.query('rollback');
    /** Requests waiting for the table: each holds its pooled connection until the lock goes. */
    const waiting = async () => Number((await locker.query<{ count: string }>(
      "select count(*) from pg_locks where relation = 'forms'::regclass and not granted",
    )).rows[0]!.count);
    return Object.assign(release, { waiting });
  };
  return { app, headers, put, lockForms };
}

const expectBusy = (response: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) => {
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toBe('5');
  expect(response.json()).toEqual({ code: 'database_busy', error: expect.stringMatching(/taking too long.*try again/) });
};

describe.skipIf(postgresUrl === undefined)('PostgreSQL too slow to answer', () => {
  it('a save held behind a lock is cancelled at the statement timeout: 503 with Retry-After, and the retry is saved', async () => {
    const statementMs = 1_500;
    const { put, lockForms } = await setup({ statementMs, acquireMs: 1_000 });
    expect((await put(0)).statusCode).toBe(200);
    const release = await lockForms();

    const started = performance.now();
    const response = await put(1);
    const answerMs = performance.now() - started;
    expectBusy(response);
    // Cancelled by the server at about the statement timeout: neither at once nor much later.
    expect(answerMs).toBeGreaterThanOrEqual(statementMs - 100);
    expect(answerMs).toBeLessThan(statementMs + 2_000);

    await release();
    const retried = await put(1);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ revision: 2 });
  });

  it('a request that finds every pooled connection busy gives up at the pool timeout with 503, before the busy ones end', async () => {
    const { put, lockForms, app, headers } = await setup({ statementMs: 5_000, acquireMs: 500 }, 2);
    const release = await lockForms();
    const settled: number[] = [];
    const held = [put(0), put(0)].map((request) => request.then((response) => {
      settled.push(response.statusCode);
      return response;
    }));
    // Both saves wait for the table, each on a pooled connection: every request also looks its session up
    // first, so a pool in use by two of those lookups is not yet the pool these two saves hold.
    while (await release.waiting() < 2) await new Promise((resolve) => setTimeout(resolve, 10));

    const waiting = await app.inject({ method: 'GET', url: '/api/forms/me', headers });
    expectBusy(waiting);
    expect(settled).toEqual([]);

    await release();
    const statuses = (await Promise.all(held)).map((response) => response.statusCode).sort();
    // One save wins; the other, made from the same revision, is told of the conflict.
    expect(statuses).toEqual([200, 409]);
  });
});
