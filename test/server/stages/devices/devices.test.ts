// Per-device sessions over HTTP, on PGlite and PostgreSQL: each browser its own session, the list of a
// student's devices, signing one out at once, signing this one out, the last seen written at most hourly, the
// end of idle sessions, the export and the erasure; and the session's secret kept out of the database, the
// responses and the log lines.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { devicesResponseSchema } from '../../../../src/common/contract/contract.ts';
import { endIdleSessionsNow } from '../../../../src/server/stages/devices/idleSessions.ts';
import { testDatabases } from '../../databases.ts';
import { buildTestApp, cookiePair, TEST_ORIGIN, type TestApp } from '../../helper.ts';
import { signInDevice } from '../../session/deviceCookie.ts';

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const secretOf = (cookie: string): string => /^sid=d1\.([A-Za-z0-9_-]{43})\./.exec(cookie)?.[1] ?? '';

/** An app whose clock the test moves, and every log line it writes at the most talkative level. */
async function appWithClock(target: (typeof testDatabases)[number]) {
  let now = new Date('2026-03-02T09:00:00.000Z');
  const lines: string[] = [];
  const test = await buildTestApp(target, { clock: () => now, logger: { write: (line) => lines.push(line) }, env: { LOG_LEVEL: 'trace' } });
  return { ...test, lines, advance: (ms: number) => { now = new Date(now.getTime() + ms); }, now: () => now };
}

async function startOn({ app }: Pick<TestApp, 'app'>, userAgent: string) {
  const response = await app.inject({ method: 'POST', url: '/api/session', headers: { origin: TEST_ORIGIN, 'user-agent': userAgent } });
  expect(response.statusCode).toBe(200);
  return { uid: response.json<{ uid: string }>().uid, cookie: cookiePair(response.headers['set-cookie']), body: response.body };
}

const devicesOf = async ({ app }: Pick<TestApp, 'app'>, cookie: string) => {
  const response = await app.inject({ method: 'GET', url: '/api/devices', headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.body, devices: devicesResponseSchema.parse(response.json()).devices };
};

describe.each(testDatabases)('device sessions on $name', (target) => {
  it('lists the student’s devices with their labels, first and last seen and which one is asking; another student sees none of them', async () => {
    const test = await appWithClock(target);
    const laptop = await startOn(test, CHROME_WINDOWS);
    test.advance(2 * HOUR_MS);
    const phone = await signInDevice(test, laptop.uid);
    const stranger = await startOn(test, SAFARI_IPHONE);

    const { devices } = await devicesOf(test, laptop.cookie);
    expect(devices).toHaveLength(2);
    const own = devices.find((device) => device.current);
    // Asking is being seen: two hours on, last seen moved.
    expect(own).toMatchObject({ label: 'Chrome on Windows', firstSeenAt: '2026-03-02T09:00:00.000Z', lastSeenAt: '2026-03-02T11:00:00.000Z' });
    expect(devices.find((device) => !device.current)).toMatchObject({ label: 'Firefox on Linux' });
    expect((await devicesOf(test, phone)).devices.filter((device) => device.current).map((device) => device.label)).toEqual(['Firefox on Linux']);
    expect((await devicesOf(test, stranger.cookie)).devices).toEqual([
      expect.objectContaining({ label: 'Safari on iPhone', current: true }),
    ]);
    expect((await test.app.inject({ method: 'GET', url: '/api/devices' })).statusCode).toBe(401);
  });

  it('signs another device out at once: its next request gets 401 signed_out and loses its cookie; its id is no one else’s to end', async () => {
    const test = await appWithClock(target);
    const laptop = await startOn(test, CHROME_WINDOWS);
    const phone = await signInDevice(test, laptop.uid);
    const stranger = await startOn(test, SAFARI_IPHONE);
    const phoneId = (await devicesOf(test, laptop.cookie)).devices.find((device) => !device.current)?.id ?? '';

    const byStranger = await test.app.inject({ method: 'DELETE', url: `/api/devices/${phoneId}`, headers: { cookie: stranger.cookie, origin: TEST_ORIGIN } });
    expect(byStranger.statusCode).toBe(404);
    expect(byStranger.json()).toMatchObject({ code: 'device_not_found' });
    expect((await test.app.inject({ method: 'GET', url: '/api/forms/me', headers: { cookie: phone } })).statusCode).toBe(200);

    const crossSite = await test.app.inject({ method: 'DELETE', url: `/api/devices/${phoneId}`, headers: { cookie: laptop.cookie, origin: 'https://evil.example' } });
    expect(crossSite.statusCode).toBe(403);
    const signedOut = await test.app.inject({ method: 'DELETE', url: `/api/devices/${phoneId}`, headers: { cookie: laptop.cookie, origin: TEST_ORIGIN } });
    expect(signedOut.statusCode, signedOut.body).toBe(200);
    expect(signedOut.json()).toEqual({ signedOut: true, current: false });

    const next = await test.app.inject({ method: 'GET', url: '/api/forms/me', headers: { cookie: phone } });
    expect(next.statusCode).toBe(401);
    expect(next.json()).toEqual({ code: 'signed_out', error: 'This device was signed out. Its copy of your work has been removed from this browser.' });
    expect(String(next.headers['set-cookie'])).toMatch(/^sid=; Max-Age=0; Path=\//);
    expect((await devicesOf(test, laptop.cookie)).devices.map((device) => device.current)).toEqual([true]);
    const again = await test.app.inject({ method: 'DELETE', url: `/api/devices/${phoneId}`, headers: { cookie: laptop.cookie, origin: TEST_ORIGIN } });
    expect(again.statusCode).toBe(404);
    const malformed = await test.app.inject({ method: 'DELETE', url: '/api/devices/not-an-id', headers: { cookie: laptop.cookie, origin: TEST_ORIGIN } });
    expect(malformed.statusCode).toBe(400);
  });

  it('DELETE /api/session and signing out its own row end this device’s session on the server, not only its cookie', async () => {
    const test = await appWithClock(target);
    const laptop = await startOn(test, CHROME_WINDOWS);
    const ended = await test.app.inject({ method: 'DELETE', url: '/api/session', headers: { cookie: laptop.cookie, origin: TEST_ORIGIN } });
    expect(ended.statusCode).toBe(204);
    expect(String(ended.headers['set-cookie'])).toMatch(/^sid=; Max-Age=0/);
    const replayed = await test.app.inject({ method: 'GET', url: '/api/forms/me', headers: { cookie: laptop.cookie } });
    expect(replayed.json()).toMatchObject({ code: 'signed_out' });

    const phone = await startOn(test, SAFARI_IPHONE);
    const ownId = (await devicesOf(test, phone.cookie)).devices[0]?.id ?? '';
    const own = await test.app.inject({ method: 'DELETE', url: `/api/devices/${ownId}`, headers: { cookie: phone.cookie, origin: TEST_ORIGIN } });
    expect(own.json()).toEqual({ signedOut: true, current: true });
    expect(String(own.headers['set-cookie'])).toMatch(/^sid=; Max-Age=0/);
    expect((await test.app.inject({ method: 'GET', url: '/api/devices', headers: { cookie: phone.cookie } })).statusCode).toBe(401);
  });

  it('writes last seen at most once an hour, and ends a session idle for 90 days', async () => {
    const test = await appWithClock(target);
    const laptop = await startOn(test, CHROME_WINDOWS);
    const lastSeen = async () => (await test.database.db.selectFrom('device_sessions').select('last_seen_at').where('uid', '=', laptop.uid).executeTakeFirstOrThrow()).last_seen_at.toISOString();
    test.advance(59 * 60 * 1000);
    await devicesOf(test, laptop.cookie);
    expect(await lastSeen()).toBe('2026-03-02T09:00:00.000Z');
    test.advance(2 * 60 * 1000);
    await devicesOf(test, laptop.cookie);
    expect(await lastSeen()).toBe('2026-03-02T10:01:00.000Z');

    const idle = await signInDevice(test, laptop.uid);
    await test.database.db.updateTable('device_sessions').set({ last_seen_at: new Date(test.now().getTime() - 90 * DAY_MS - 1000) })
      .where('id', '!=', (await devicesOf(test, laptop.cookie)).devices.find((device) => device.current)?.id ?? '').execute();
    expect((await test.app.inject({ method: 'GET', url: '/api/forms/me', headers: { cookie: idle } })).json()).toMatchObject({ code: 'signed_out' });
    expect(await endIdleSessionsNow(test.database.db, test.now())).toBe(1);
    expect((await devicesOf(test, laptop.cookie)).devices).toHaveLength(1);
  });

  it('keeps only the secret’s SHA-256: never in the database as such, in a response body, a URL or a log line', async () => {
    const test = await appWithClock(target);
    const laptop = await startOn(test, CHROME_WINDOWS);
    const secret = secretOf(laptop.cookie);
    expect(secret).toHaveLength(43);
    const rows = await test.database.db.selectFrom('device_sessions').selectAll().execute();
    expect(rows).toEqual([expect.objectContaining({ uid: laptop.uid, secret_hash: createHash('sha256').update(secret).digest('hex') })]);
    expect(JSON.stringify(rows)).not.toContain(secret);

    const bodies = [laptop.body, (await devicesOf(test, laptop.cookie)).body];
    const exported = await test.app.inject({ method: 'GET', url: '/api/my-data', headers: { cookie: laptop.cookie } });
    bodies.push(exported.body);
    const section = exported.json<{ tables: Record<string, Array<Record<string, unknown>>> }>().tables.device_sessions;
    expect(section).toEqual([expect.objectContaining({ label: 'Chrome on Windows', earlier: false, signed_out_at: null })]);
    expect(Object.keys(section?.[0] ?? {})).not.toContain('secret_hash');
    const renewed = await test.app.inject({ method: 'POST', url: '/api/session', headers: { cookie: laptop.cookie, origin: TEST_ORIGIN } });
    bodies.push(renewed.body);
    for (const body of bodies) expect(body).not.toContain(secret);
    expect(test.lines.length).toBeGreaterThan(5);
    expect(test.lines.filter((line) => line.includes(secret) || line.includes(rows[0]?.secret_hash ?? '-'))).toEqual([]);
    expect(test.lines.join('\n')).toContain('/api/devices');
  });

  it('"Delete my data" signs every other device of the student out, and no other student’s; the one that asked goes on', async () => {
    const test = await appWithClock(target);
    const laptop = await startOn(test, CHROME_WINDOWS);
    const phone = await signInDevice(test, laptop.uid);
    const stranger = await startOn(test, SAFARI_IPHONE);
    const erased = await test.app.inject({ method: 'DELETE', url: '/api/my-data', headers: { cookie: phone, origin: TEST_ORIGIN }, payload: { confirm: true } });
    expect(erased.statusCode, erased.body).toBe(200);
    expect((await test.app.inject({ method: 'GET', url: '/api/forms/me', headers: { cookie: laptop.cookie } })).json()).toMatchObject({ code: 'signed_out' });
    const session = await test.app.inject({ method: 'POST', url: '/api/session', headers: { cookie: phone, origin: TEST_ORIGIN } });
    expect(session.json()).toEqual({ uid: laptop.uid });
    expect((await devicesOf(test, phone)).devices).toEqual([expect.objectContaining({ current: true, label: 'Firefox on Linux' })]);
    expect((await devicesOf(test, stranger.cookie)).devices).toHaveLength(1);
  });
});
