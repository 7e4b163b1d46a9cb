// PostgreSQL with a standby, for real: the server given libpq's list of hosts (the standby first) finds the
// writable primary, never acknowledges a commit the synchronous standby did not confirm, drops connections to
// a host that turned read-only or went away, answers 503 with Retry-After while the primary is gone (readiness
// and liveness still 200, the latter without asking the database), and moves to the standby once promoted.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../../../src/server/db/connection.ts';
import { migrate } from '../../../src/server/db/migrate.ts';
import { buildTestApp, startSession, TEST_ORIGIN } from '../helper.ts';
import { documentWith } from '../serverProcess.ts';
import { type ReplicaPair, replicaPairMissing, startReplicaPair } from './replicaPair.ts';

const mustRun = process.env.CI === 'true';
const skipReason = replicaPairMissing === undefined ? undefined : `skipped: ${replicaPairMissing}`;

const until = async (what: string, condition: () => Promise<boolean> | boolean, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

if (skipReason !== undefined && !mustRun) console.warn(`PostgreSQL failover tests ${skipReason}`);

it.runIf(skipReason !== undefined && mustRun)('runs under CI, which installs PostgreSQL 15', () => {
  throw new Error(`the failover tests cannot run: ${replicaPairMissing}`);
});

describe.skipIf(skipReason !== undefined)(`PostgreSQL failing over${skipReason === undefined ? '' : ` (${skipReason})`}`, () => {
  let pair: ReplicaPair;
  beforeAll(async () => {
    pair = await startReplicaPair();
  }, 60_000);
  afterAll(async () => {
    await pair?.close();
  });

  async function serve() {
    const url = pair.url([pair.standbyPort, pair.primaryPort]);
    const { app, database } = await buildTestApp({
      open: async () => {
        const handle = openPostgres(url, { timeouts: { statementMs: 5_000, acquireMs: 1_000 } });
        await migrate(handle.db);
        return handle;
      },
    });
    const { cookie } = await startSession(app);
    const headers = { cookie, origin: TEST_ORIGIN };
    const put = (baseRevision: number, marker: string) => app.inject({
      method: 'PUT', url: '/api/forms/me', headers, payload: { document: documentWith(marker), baseRevision },
    });
    const read = async () => app.inject({ method: 'GET', url: '/api/forms/me', headers }).then((response) => response.json() as {
      revision: number; document: { basicInfo: { fullName: string } };
    });
    const port = async () => (await sql<{ port: number }>`select inet_server_port() as port`.execute(database.db)).rows[0]?.port;
    const backend = async () => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db)).rows[0]?.pid;
    return { app, database, put, read, port, backend };
  }

  const expectRetryLater = (response: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }, code: string) => {
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.json()).toMatchObject({ code });
  };

  it('answers 503 to a commit whose wait for the synchronous standby was cancelled, though PostgreSQL committed it locally', async () => {
    const { put, read, port } = await serve();
    expect(await port()).toBe(pair.primaryPort);
    expect((await put(0, 'replicated')).statusCode).toBe(200);

    // A synchronous standby that is not connected: every commit now waits for it.
    await pair.query(pair.primaryPort, "alter system set synchronous_standby_names = 'absent'");
    await pair.query(pair.primaryPort, 'select pg_reload_conf()');
    await new Promise((resolve) => setTimeout(resolve, 300));
    try {
      const saving = put(1, 'primary alone');
      let waiting: { pid: number }[] = [];
      await until('the save waits for the standby', async () => {
        waiting = await pair.query(pair.primaryPort, "select pid from pg_stat_activity where wait_event = 'SyncRep'");
        return waiting.length > 0;
      });
      await pair.query(pair.primaryPort, `select pg_cancel_backend(${Number(waiting[0]?.pid)})`);
      expectRetryLater(await saving, 'not_replicated');
    } finally {
      await pair.query(pair.primaryPort, 'alter system reset synchronous_standby_names');
      await pair.query(pair.primaryPort, 'select pg_reload_conf()');
    }
    // The save stopped at the unconfirmed commit (the storage accounting before the form's own write), and the
    // device's retry, with a standby confirming again, is saved.
    expect(await read()).toMatchObject({ revision: 1, document: { basicInfo: { fullName: 'replicated' } } });
    expect((await put(1, 'retried')).json()).toMatchObject({ revision: 2 });
  });

  it('drops the connections to a primary turned read-only, and finds it again once writable', async () => {
    const { put, database, backend } = await serve();
    expect((await put(0, 'before')).statusCode).toBe(200);
    // One request at a time: the pool lends the same connection each time.
    const pooled = await backend();
    expect(await backend()).toBe(pooled);
    await pair.query(pair.primaryPort, 'alter system set default_transaction_read_only = on');
    await pair.query(pair.primaryPort, 'select pg_reload_conf()');
    try {
      await until('the pooled connection sees the read-only setting', async () => (await put(1, 'refused')).statusCode === 503);
      expect(database.failingOver?.()).toBe(true);
    } finally {
      await pair.query(pair.primaryPort, 'alter system reset default_transaction_read_only');
      await pair.query(pair.primaryPort, 'select pg_reload_conf()');
    }
    await until('the finder sees the primary writable again', () => database.failingOver?.() === false);
    expect((await put(1, 'after')).statusCode).toBe(200);
    // The connection that met the read-only host was closed, not lent again.
    expect(await backend()).not.toBe(pooled);
    expect(await pair.query(pair.primaryPort, `select 1 from pg_stat_activity where pid = ${Number(pooled)}`)).toEqual([]);
  });

  it('answers 503 while the primary is gone, keeps /api/ready and /api/health at 200, and moves to the promoted standby', async () => {
    const { app, database, put, read, port } = await serve();
    expect((await put(0, 'before the failover')).statusCode).toBe(200);
    // Asynchronous streaming: wait until the standby has replayed that save before the primary dies.
    await until('the standby caught up', async () => (await pair.query<{ done: boolean }>(pair.primaryPort,
      'select replay_lsn >= pg_current_wal_lsn() as done from pg_stat_replication'))[0]?.done === true);

    await pair.stopPrimary();
    expectRetryLater(await put(1, 'during the failover'), 'database_unavailable');
    expect(database.failingOver?.()).toBe(true);
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok', database: 'failing_over' });
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);

    const promoting = performance.now();
    await pair.promoteStandby();
    // Found by the server on its own, with no request asking.
    await until('the server finds the new primary', () => database.failingOver?.() === false);
    console.info(`promoted standby found ${Math.round(performance.now() - promoting)} ms after pg_ctl promote was called`);
    expect(await port()).toBe(pair.standbyPort);
    expect((await put(1, 'after the failover')).statusCode).toBe(200);
    expect(await read()).toMatchObject({ revision: 2, document: { basicInfo: { fullName: 'after the failover' } } });
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ status: 'ok', database: 'ok' });
  });
});
