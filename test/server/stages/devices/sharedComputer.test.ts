// "This is a shared computer" on the server, on PGlite and PostgreSQL: PUT /api/session/shared marks this
// device's session, which then ends after 30 minutes idle (a request within them keeps it open), while the
// student's other devices keep the 90 days; the hourly purge deletes such a row; bad input gets a readable 400.
import { describe, expect, it } from 'vitest';
import { endIdleSessionsNow } from '../../../../src/server/stages/devices/idleSessions.ts';
import { testDatabases } from '../../databases.ts';
import { buildTestApp, cookiePair, TEST_ORIGIN } from '../../helper.ts';

const MINUTE_MS = 60 * 1000;

async function appWithClock(target: (typeof testDatabases)[number]) {
  let now = new Date('2026-03-02T09:00:00.000Z');
  const test = await buildTestApp(target, { clock: () => now });
  const start = async () => {
    const response = await test.app.inject({ method: 'POST', url: '/api/session', headers: { origin: TEST_ORIGIN } });
    expect(response.statusCode).toBe(200);
    return cookiePair(response.headers['set-cookie']);
  };
  const formOf = (cookie: string) => test.app.inject({ method: 'GET', url: '/api/forms/me', headers: { cookie } });
  const markShared = (cookie: string, body: unknown) => test.app.inject({
    method: 'PUT', url: '/api/session/shared', headers: { cookie, origin: TEST_ORIGIN }, payload: body as object,
  });
  return { ...test, start, formOf, markShared, advance: (ms: number) => { now = new Date(now.getTime() + ms); }, now: () => now };
}

describe.each(testDatabases)('shared computers on $name', (target) => {
  it('ends a shared computer’s session after 30 minutes idle, and a request within them keeps it open', async () => {
    const test = await appWithClock(target);
    const shared = await test.start();
    const own = await test.start();
    const marked = await test.markShared(shared, { shared: true });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toEqual({ shared: true });

    // Used every 20 minutes for an hour: never idle for 30.
    for (let i = 0; i < 3; i += 1) {
      test.advance(20 * MINUTE_MS);
      expect((await test.formOf(shared)).statusCode).toBe(200);
    }
    test.advance(29 * MINUTE_MS);
    expect((await test.formOf(shared)).statusCode).toBe(200);

    test.advance(30 * MINUTE_MS + 1000);
    const ended = await test.formOf(shared);
    expect(ended.statusCode).toBe(401);
    expect(ended.json()).toMatchObject({ code: 'signed_out' });
    expect(String(ended.headers['set-cookie'])).toMatch(/^sid=;/);
    // Ended for good: its row is gone, not merely idle.
    expect((await test.formOf(shared)).json()).toMatchObject({ code: 'signed_out' });
    // A session not marked shared keeps its 90 days.
    expect((await test.formOf(own)).statusCode).toBe(200);
  });

  it('unticked, the session keeps its 90 days again', async () => {
    const test = await appWithClock(target);
    const cookie = await test.start();
    expect((await test.markShared(cookie, { shared: true })).statusCode).toBe(200);
    expect((await test.markShared(cookie, { shared: false })).json()).toEqual({ shared: false });
    test.advance(3 * 60 * MINUTE_MS);
    expect((await test.formOf(cookie)).statusCode).toBe(200);
  });

  it('the hourly purge deletes shared sessions idle for 30 minutes and leaves the others', async () => {
    const test = await appWithClock(target);
    const shared = await test.start();
    await test.start();
    expect((await test.markShared(shared, { shared: true })).statusCode).toBe(200);
    expect(await endIdleSessionsNow(test.database.db, test.now())).toBe(0);
    test.advance(31 * MINUTE_MS);
    expect(await endIdleSessionsNow(test.database.db, test.now())).toBe(1);
    const rows = await test.database.db.selectFrom('device_sessions').select(['shared']).execute();
    expect(rows).toEqual([{ shared: false }]);
  });

  it('needs a session, and refuses anything but a boolean with a readable 400', async () => {
    const test = await appWithClock(target);
    const cookie = await test.start();
    const none = await test.app.inject({ method: 'PUT', url: '/api/session/shared', headers: { origin: TEST_ORIGIN }, payload: { shared: true } });
    expect(none.statusCode).toBe(401);
    for (const body of [{ shared: 'yes' }, { shared: true, uid: 'someone' }, {}]) {
      const refused = await test.markShared(cookie, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json<{ error: string }>().error.length).toBeGreaterThan(0);
    }
  });
});
