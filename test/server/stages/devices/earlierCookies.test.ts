// Cookies from before per-device sessions (the signed uid itself), on PGlite and PostgreSQL: the first request
// of one is answered as that student and exchanged for a device cookie; every such cookie of one student maps
// to one "Earlier sessions" device, created once even under concurrent requests; once that device is signed
// out (or the student's data erased), those cookies are refused.
import { describe, expect, it } from 'vitest';
import { devicesResponseSchema } from '../../../../src/common/contract/contract.ts';
import { testDatabases } from '../../databases.ts';
import { cookiePair, startSession, TEST_ORIGIN } from '../../helper.ts';
import { earlierCookie, signInDevice } from '../../session/deviceCookie.ts';
import { useTestApp } from '../../useTestApp.ts';
import { documentWith } from '../../serverProcess.ts';

describe.each(testDatabases)('cookies from before per-device sessions on $name', (target) => {
  const testApp = useTestApp(target);

  it('are exchanged on their first request for a device cookie of the same student, nobody signed out', async () => {
    const { app } = testApp();
    // A student from before the change: their uid is all the old cookie holds.
    const old = earlierCookie(app, 'student-from-before-01');
    const saved = await app.inject({ method: 'PUT', url: '/api/forms/me', headers: { cookie: old, origin: TEST_ORIGIN }, payload: { document: documentWith('Maya'), baseRevision: 0 } });
    expect(saved.statusCode, saved.body).toBe(200);
    const exchanged = cookiePair(saved.headers['set-cookie']);
    expect(exchanged).toMatch(/^sid=d1\./);
    expect(exchanged).not.toContain('student-from-before-01');

    const session = await app.inject({ method: 'POST', url: '/api/session', headers: { cookie: exchanged, origin: TEST_ORIGIN } });
    expect(session.json()).toEqual({ uid: 'student-from-before-01' });
    const form = await app.inject({ method: 'GET', url: '/api/forms/me', headers: { cookie: exchanged } });
    expect(form.json()).toMatchObject({ document: documentWith('Maya') });
    const devices = devicesResponseSchema.parse((await app.inject({ method: 'GET', url: '/api/devices', headers: { cookie: exchanged } })).json()).devices;
    expect(devices).toEqual([expect.objectContaining({ label: 'Earlier sessions', current: true })]);
  });

  it('of one student make one "Earlier sessions" row, even two concurrent requests with one cookie', async () => {
    const { app, database } = testApp();
    const old = earlierCookie(app, 'student-from-before-02');
    const [first, second] = await Promise.all([
      app.inject({ method: 'POST', url: '/api/session', headers: { cookie: old, origin: TEST_ORIGIN } }),
      app.inject({ method: 'GET', url: '/api/forms/me', headers: { cookie: old } }),
    ]);
    expect(first?.json()).toEqual({ uid: 'student-from-before-02' });
    expect(second?.statusCode).toBe(200);
    expect(cookiePair(first?.headers['set-cookie'])).toBe(cookiePair(second?.headers['set-cookie']));
    // Another old cookie of the same student, later, joins the same row.
    await app.inject({ method: 'GET', url: '/api/whoami', headers: { cookie: old } });
    const rows = await database.db.selectFrom('device_sessions').select(['label', 'earlier']).where('uid', '=', 'student-from-before-02').execute();
    expect(rows).toEqual([{ label: 'Earlier sessions', earlier: true }]);
  });

  it('are refused once the student signs "Earlier sessions" out, and the cookie they were exchanged for too', async () => {
    const test = testApp();
    const { app } = test;
    const old = earlierCookie(app, 'student-from-before-03');
    const exchanged = cookiePair((await app.inject({ method: 'POST', url: '/api/session', headers: { cookie: old, origin: TEST_ORIGIN } })).headers['set-cookie']);
    const other = await startSession(app);
    // A second device of the same student (say, paired) signs the earlier ones out.
    const phone = await signInDevice(test, 'student-from-before-03');
    const earlierId = devicesResponseSchema.parse((await app.inject({ method: 'GET', url: '/api/devices', headers: { cookie: phone } })).json())
      .devices.find((device) => device.label === 'Earlier sessions')?.id ?? '';
    const signedOut = await app.inject({ method: 'DELETE', url: `/api/devices/${earlierId}`, headers: { cookie: phone, origin: TEST_ORIGIN } });
    expect(signedOut.statusCode, signedOut.body).toBe(200);

    for (const cookie of [old, exchanged]) {
      const refused = await app.inject({ method: 'GET', url: '/api/forms/me', headers: { cookie } });
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toMatchObject({ code: 'signed_out' });
    }
    expect((await app.inject({ method: 'GET', url: '/api/forms/me', headers: { cookie: phone } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/forms/me', headers: { cookie: other.cookie } })).statusCode).toBe(200);
    const listed = devicesResponseSchema.parse((await app.inject({ method: 'GET', url: '/api/devices', headers: { cookie: phone } })).json()).devices;
    expect(listed.map((device) => device.label)).toEqual(['Firefox on Linux']);
  });

  it('are refused after the student deletes their data from another device, and kept by the one that asked', async () => {
    const test = testApp();
    const { app } = test;
    const old = earlierCookie(app, 'student-from-before-04');
    expect((await app.inject({ method: 'GET', url: '/api/forms/me', headers: { cookie: old } })).statusCode).toBe(200);
    const phone = await signInDevice(test, 'student-from-before-04');
    const erased = await app.inject({ method: 'DELETE', url: '/api/my-data', headers: { cookie: phone, origin: TEST_ORIGIN }, payload: { confirm: true } });
    expect(erased.statusCode, erased.body).toBe(200);
    const refused = await app.inject({ method: 'GET', url: '/api/forms/me', headers: { cookie: old } });
    expect(refused.json()).toMatchObject({ code: 'signed_out' });

    // A student who never had an earlier row: their old cookies are refused all the same.
    const other = await signInDevice(test, 'student-from-before-05');
    expect((await app.inject({ method: 'DELETE', url: '/api/my-data', headers: { cookie: other, origin: TEST_ORIGIN }, payload: { confirm: true } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/forms/me', headers: { cookie: earlierCookie(app, 'student-from-before-05') } })).json())
      .toMatchObject({ code: 'signed_out' });
    // The old cookie that asked keeps its session.
    const own = earlierCookie(app, 'student-from-before-06');
    expect((await app.inject({ method: 'DELETE', url: '/api/my-data', headers: { cookie: own, origin: TEST_ORIGIN }, payload: { confirm: true } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/forms/me', headers: { cookie: own } })).statusCode).toBe(200);
  });
});
