// The Idempotency-Key gate on both databases, through the questionnaire's PUT: a write that committed and is
// sent again with its key (its answer was lost) is answered its first success and applied once; the key with
// another body is a 422, a malformed key a 400, a refusal is never recorded, and a write whose answer cannot be
// recorded does not commit either. Without a key, everything is as before.
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../../../src/server/db/connection.ts';
import { migrate } from '../../../src/server/db/migrate.ts';
import { IDEMPOTENCY_KEPT_MS, purgeExpiredWrites } from '../../../src/server/db/idempotentWrites.ts';
import { purgeIdleStudents } from '../../../src/server/db/retentionPurge.ts';
import { REPLAYED_HEADER } from '../../../src/server/plugins/idempotency.ts';
import { studentData } from '../../../src/server/stages.ts';
import { testDatabases } from '../databases.ts';
import { buildTestApp, startSession, TEST_ORIGIN } from '../helper.ts';
import { commitDroppingProxy } from '../db/commitDroppingProxy.ts';
import { privateSchema } from '../db/privateSchema.ts';
import { documentWith } from '../serverProcess.ts';

describe.each(testDatabases)('the Idempotency-Key gate on $name', (target) => {
  async function student() {
    const built = await buildTestApp(target);
    const { app } = built;
    const { uid, cookie } = await startSession(app);
    const put = (baseRevision: number, marker: string, key?: string | string[]) => app.inject({
      method: 'PUT', url: '/api/forms/me', payload: { document: documentWith(marker), baseRevision },
      headers: { cookie, origin: TEST_ORIGIN, ...(key === undefined ? {} : { 'idempotency-key': key }) },
    });
    const revision = async () => (await built.database.db.selectFrom('forms').select('revision').where('uid', '=', uid)
      .executeTakeFirst())?.revision ?? 0;
    return { ...built, uid, cookie, put, revision };
  }

  it('answers a committed write sent again with its key as its first success, and applies it once', async () => {
    const { put, revision } = await student();
    const key = randomUUID();
    const first = await put(0, 'Maya', key);
    expect(first.statusCode).toBe(200);
    expect(first.headers[REPLAYED_HEADER]).toBeUndefined();
    const again = await put(0, 'Maya', key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers[REPLAYED_HEADER]).toBe('true');
    expect(await revision()).toBe(1);
    // Upper case is the same key; the next write, with a key of its own, goes on from there.
    expect((await put(0, 'Maya', key.toUpperCase())).json()).toEqual(first.json());
    expect((await put(1, 'Maya Lopez', randomUUID())).json()).toMatchObject({ revision: 2 });
    expect(await revision()).toBe(2);
  });

  it('without a key, the same write sent again is a conflict, as it always was', async () => {
    const { put } = await student();
    expect((await put(0, 'Maya')).statusCode).toBe(200);
    const again = await put(0, 'Maya');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'stale_revision' });
  });

  it('refuses a key that is not one UUID, and the key sent with another body', async () => {
    const { put, revision } = await student();
    for (const bad of ['not-a-uuid', '', `${randomUUID()}x`, "1'; drop table forms; --", [randomUUID(), randomUUID()]]) {
      const response = await put(0, 'Maya', bad);
      expect(response.statusCode, String(bad)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_idempotency_key' });
    }
    expect(await revision()).toBe(0);
    const key = randomUUID();
    expect((await put(0, 'Maya', key)).statusCode).toBe(200);
    const reused = await put(0, 'Theo', key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ code: 'idempotency_key_reused' });
    expect(await revision()).toBe(1);
  });

  it('records no refusal: a keyed write that met a conflict is decided afresh when sent again', async () => {
    const { put, revision } = await student();
    expect((await put(0, 'Maya', randomUUID())).statusCode).toBe(200);
    const key = randomUUID();
    expect((await put(0, 'Theo', key)).statusCode).toBe(409);
    expect((await put(0, 'Theo', key)).statusCode).toBe(409);
    // The same key on the right base is a new decision, and succeeds.
    const retried = await put(1, 'Theo', key);
    expect(retried.statusCode).toBe(200);
    expect(await revision()).toBe(2);
  });

  it('keeps each browser’s keys apart: another browser’s key is not this one’s', async () => {
    const maya = await student();
    const { uid, cookie } = await startSession(maya.app);
    const key = randomUUID();
    expect((await maya.put(0, 'Maya', key)).statusCode).toBe(200);
    const theo = await maya.app.inject({
      method: 'PUT', url: '/api/forms/me', payload: { document: documentWith('Theo'), baseRevision: 0 },
      headers: { cookie, origin: TEST_ORIGIN, 'idempotency-key': key },
    });
    expect(theo.statusCode).toBe(200);
    expect(theo.headers[REPLAYED_HEADER]).toBeUndefined();
    const stored = await maya.database.db.selectFrom('forms').select(['uid', 'document']).where('uid', '=', uid).executeTakeFirstOrThrow();
    expect(stored.document).toMatchObject({ basicInfo: { fullName: 'Theo' } });
  });

  it('never commits a write without the record of its answer', async () => {
    const { put, revision, database } = await student();
    await sql.raw(`create function refuse_answer() returns trigger language plpgsql as $$
      begin raise exception 'the answer cannot be recorded'; end $$;
      create trigger refuse_answer before update on idempotent_writes for each row execute function refuse_answer();`).execute(database.db);
    const response = await put(0, 'Maya', randomUUID());
    expect(response.statusCode).toBe(500);
    expect(await revision()).toBe(0);
    expect(await database.db.selectFrom('idempotent_writes').selectAll().execute()).toEqual([]);
    await sql.raw('drop trigger refuse_answer on idempotent_writes; drop function refuse_answer();').execute(database.db);
  });

  it('a write whose answer the browser never read is answered its success when the key comes again', async () => {
    const { app, put, revision, cookie } = await student();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const key = randomUUID();
    const body = JSON.stringify({ document: documentWith('Maya'), baseRevision: 0 });
    // Over a real socket, torn down once the write has committed and before its answer is read. (A socket torn
    // down before the server has read the request leaves nothing to answer: the sessions' lookup notices first.)
    const sent = httpRequest({
      host: '127.0.0.1', port, method: 'PUT', path: '/api/forms/me',
      headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json', 'idempotency-key': key, 'content-length': Buffer.byteLength(body) },
    });
    sent.on('error', () => undefined);
    sent.end(body);
    const deadline = Date.now() + 10_000;
    while (await revision() === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    sent.destroy();
    expect(await revision()).toBe(1);
    const again = await put(0, 'Maya', key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ revision: 1 });
    expect(await revision()).toBe(1);
  });

  it('keeps answers at most 100 per browser and route, a day, and not past the student’s erasure', async () => {
    const { app, put, database: { db }, uid, cookie } = await student();
    for (let n = 0; n < 103; n += 1) expect((await put(n, `Maya ${n}`, randomUUID())).statusCode).toBe(200);
    const kept = () => db.selectFrom('idempotent_writes').select('created_at').where('uid', '=', uid).execute();
    expect(await kept()).toHaveLength(100);

    const now = new Date();
    await purgeExpiredWrites(db, new Date(now.getTime() + IDEMPOTENCY_KEPT_MS - 60_000));
    expect(await kept()).toHaveLength(100);
    // The retention purge drops them once a day old, whatever the retention period.
    await purgeIdleStudents(db, studentData, new Date(0), new Date(now.getTime() + IDEMPOTENCY_KEPT_MS + 60_000));
    expect(await kept()).toEqual([]);

    const key = randomUUID();
    expect((await put(103, 'Maya again', key)).statusCode).toBe(200);
    const erased = await app.inject({ method: 'DELETE', url: '/api/my-data', headers: { cookie, origin: TEST_ORIGIN }, payload: { confirm: true } });
    expect(erased.statusCode).toBe(200);
    expect(await kept()).toEqual([]);
    // Sent again after the erasure, the write is decided afresh, never answered from before it: the emptied form
    // has moved on, a conflict.
    expect((await put(103, 'Maya again', key)).statusCode).toBe(409);
  }, 60_000);
});

const postgresUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(postgresUrl === undefined)('the Idempotency-Key gate on PostgreSQL, a connection lost', () => {
  async function serve(url: string) {
    const { app, database } = await buildTestApp({
      open: async () => {
        const handle = openPostgres(url, { timeouts: { statementMs: 5_000, acquireMs: 2_000 } });
        await migrate(handle.db);
        return handle;
      },
    });
    const { uid, cookie } = await startSession(app);
    const put = (baseRevision: number, marker: string, key: string) => app.inject({
      method: 'PUT', url: '/api/forms/me', payload: { document: documentWith(marker), baseRevision },
      headers: { cookie, origin: TEST_ORIGIN, 'idempotency-key': key },
    });
    const revision = async () => (await database.db.selectFrom('forms').select('revision').where('uid', '=', uid)
      .executeTakeFirst())?.revision ?? 0;
    return { app, put, revision };
  }

  it('a write whose COMMIT reached PostgreSQL but whose answer was lost is answered 503, then its success when retried', async () => {
    const proxy = await commitDroppingProxy(new URL(await privateSchema(postgresUrl ?? '')));
    const { put, revision } = await serve(proxy.url);
    const key = randomUUID();
    proxy.arm();
    const lost = await put(0, 'Maya', key);
    expect(proxy.dropped()).toBe(1);
    expect(lost.statusCode).toBe(503);
    expect(lost.headers['retry-after']).toBeDefined();
    // It did commit: the device cannot know, and sends it again with its key.
    expect(await revision()).toBe(1);
    const retried = await put(0, 'Maya', key);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ revision: 1 });
    expect(retried.headers[REPLAYED_HEADER]).toBe('true');
    expect(await revision()).toBe(1);
  });

  it('two requests with one key at once: the second waits for the first, and both get its answer', async () => {
    const { put, revision } = await serve(await privateSchema(postgresUrl ?? ''));
    await put(0, 'warm-up', randomUUID());
    const key = randomUUID();
    const answers = await Promise.all([put(1, 'Maya', key), put(1, 'Maya', key), put(1, 'Maya', key)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    expect(answers.filter((answer) => answer.headers[REPLAYED_HEADER] === 'true')).toHaveLength(2);
    expect(await revision()).toBe(2);
  });
});
