// "Download my data" when PostgreSQL cannot read a table: another connection holds it locked (LOCK TABLE), and
// the app's statement timeout cancels the read. Before the first byte that is a 503 with a JSON error; once the
// export is under way the document is left unterminated and the connection cut without the response's end, so
// no client takes a cut export for a whole one.
import { randomBytes } from 'node:crypto';
import { type IncomingMessage, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { constants, gunzipSync } from 'node:zlib';
import pg from 'pg';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openPostgres } from '../../../src/server/db/connection.ts';
import { migrate } from '../../../src/server/db/migrate.ts';
import { buildTestApp, startSession } from '../helper.ts';
import { privateSchema } from '../db/privateSchema.ts';

const postgresUrl = process.env.TEST_DATABASE_URL || undefined;
const STATEMENT_MS = 1_500;

async function setup() {
  const url = await privateSchema(postgresUrl ?? '');
  const { app, database } = await buildTestApp({
    open: async () => {
      const handle = openPostgres(url, { timeouts: { statementMs: STATEMENT_MS, acquireMs: 1_000 } });
      await migrate(handle.db);
      return handle;
    },
  });
  const { uid, cookie } = await startSession(app);
  /** Another connection takes the table, as a long migration or a stuck transaction would; released with its rollback. */
  const lock = async (table: string) => {
    const locker = new pg.Client({ connectionString: url });
    await locker.connect();
    onTestFinished(() => locker.end());
    await locker.query('begin');
    await locker.query(`lock table ${table} in access exclusive mode`);
    return () => locker.query('rollback');
  };
  return { app, database, uid, cookie, lock };
}

describe.skipIf(postgresUrl === undefined)('the export on PostgreSQL with a table locked', () => {
  it('before the first byte: 503 database_busy as JSON, whichever table is locked, and the export works once it is free', async () => {
    const { app, cookie, lock } = await setup();
    const exportNow = () => app.inject({ method: 'GET', url: '/api/my-data', headers: { cookie } });
    // The last table the export reads (a read reaching it would be long after the first byte), and the
    // tombstones it reads first to know which versions are being erased.
    for (const table of ['admin_audit', 'tombstones']) {
      const release = await lock(table);
      const started = performance.now();
      const refused = await exportNow();
      expect(refused.statusCode, `${table}: ${refused.body}`).toBe(503);
      expect(refused.headers['retry-after']).toBe('5');
      expect(refused.json()).toMatchObject({ code: 'database_busy', error: expect.any(String) });
      expect(performance.now() - started).toBeLessThan(STATEMENT_MS + 5_000);
      await release();
    }
    const served = await exportNow();
    expect(served.statusCode).toBe(200);
    expect(served.json()).toMatchObject({ tables: { admin_audit: [] } });
  });

  it('once under way: the body is not JSON and the response is cut, never a clean end', async () => {
    const { app, database, uid, cookie, lock } = await setup();
    // More than the sockets between client and server buffer, so an export the client does not read stays in
    // its versions, before the events: 400 versions of 20,000 characters that do not compress (8 MB).
    for (let batch = 0; batch < 8; batch += 1) {
      await database.db.insertInto('essay_versions').values(Array.from({ length: 50 }, (_, n) => ({
        uid, id: `big-${batch}-${n}`, essay_key: 'personal', kind: 'edited' as const, text: randomBytes(15_000).toString('base64'), at: new Date(),
      }))).execute();
    }
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      request({ host: '127.0.0.1', port, path: '/api/my-data', headers: { cookie, 'accept-encoding': 'gzip' } }, (answer) => {
        answer.pause();
        resolve(answer);
      }).on('error', reject).end();
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip'); // as a browser asks for it
    await lock('events'); // held until the test ends
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    const ending = await new Promise<string>((resolve) => {
      response.once('end', () => resolve('end'));
      response.once('aborted', () => resolve('aborted'));
      response.once('error', () => resolve('error'));
      response.resume();
    });
    expect(ending).not.toBe('end');
    // What arrived, decompressed as far as it goes.
    const body = gunzipSync(Buffer.concat(chunks), { finishFlush: constants.Z_SYNC_FLUSH }).toString('utf8');
    expect(body).toContain('"essay_versions":[');
    expect(() => JSON.parse(body) as unknown).toThrow();
  });
});
