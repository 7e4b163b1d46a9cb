import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../databases.ts';
import { buildTestApp, TEST_ADMIN_TOKEN } from '../../helper.ts';
import { useTestApp } from '../../useTestApp.ts';

const grant = { uid: 'student-uid-123', plan: 'paid', reason: 'refund reversed by support' };

describe.each(testDatabases)('POST /api/admin/entitlements on $name', (target) => {
  const testApp = useTestApp(target);
  const call = (authorization?: string, payload: object = grant) => ({
    method: 'POST' as const,
    url: '/api/admin/entitlements',
    headers: authorization === undefined ? {} : { authorization },
    payload,
  });

  it('grants a plan with the right token and records it in the audit trail', async () => {
    const now = new Date('2026-03-01T12:00:00Z');
    const { app, database } = await buildTestApp(target, { clock: () => now });
    const response = await app.inject(call(`Bearer ${TEST_ADMIN_TOKEN}`));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ uid: grant.uid, plan: 'paid' });
    const row = await database.db.selectFrom('entitlements').selectAll().executeTakeFirstOrThrow();
    expect(row).toEqual({ uid: grant.uid, plan: 'paid', source: 'admin', updated_at: now });
    const audit = await database.db.selectFrom('admin_audit').select(['uid', 'plan', 'reason', 'at']).execute();
    expect(audit).toEqual([{ uid: grant.uid, plan: 'paid', reason: grant.reason, at: now }]);
  });

  it('refuses a request without a token', async () => {
    const { app } = testApp();
    const response = await app.inject(call());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'unauthorized' });
    expect(response.headers['www-authenticate']).toBe('Bearer');
  });

  it('refuses a wrong token, and writes nothing', async () => {
    const { app, database } = testApp();
    for (const authorization of [`Bearer ${TEST_ADMIN_TOKEN}x`, 'Bearer nope', TEST_ADMIN_TOKEN, `Basic ${TEST_ADMIN_TOKEN}`]) {
      expect((await app.inject(call(authorization))).statusCode).toBe(401);
    }
    expect(await database.db.selectFrom('entitlements').selectAll().execute()).toEqual([]);
  });

  it('checks the token before reading the body', async () => {
    const { app } = testApp();
    expect((await app.inject(call('Bearer wrong', { bogus: true }))).statusCode).toBe(401);
    const invalid = await app.inject(call(`Bearer ${TEST_ADMIN_TOKEN}`, { uid: 'x', plan: 'gold' }));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error).toBe("body.uid: must be a user id; body.plan: must be one of 'free', 'paid'");
  });

  it('answers wrong tokens 429 after 10 from one network, but never locks out the right token', async () => {
    let now = Date.parse('2026-03-01T12:00:00Z');
    const { app } = await buildTestApp(target, { clock: () => new Date(now) });
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await app.inject(call(`Bearer guess-${attempt}`))).statusCode).toBe(401);
    }
    const locked = await app.inject(call('Bearer guess-10'));
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'rate_limited' });
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // The operator, behind the same address as the guesser, still gets in, and nothing is written by a guess.
    expect((await app.inject(call(`Bearer ${TEST_ADMIN_TOKEN}`))).statusCode).toBe(200);
    expect((await app.inject(call('Bearer guess-11'))).statusCode).toBe(429);
    expect((await app.inject({ ...call('Bearer guess-12'), remoteAddress: '10.0.0.9' })).statusCode).toBe(401);
    now += 61_000;
    expect((await app.inject(call('Bearer guess-13'))).statusCode).toBe(401);
  });

  it('counts wrong tokens from one IPv6 /64 together', async () => {
    const { app } = testApp();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const remoteAddress = `2001:db8:aa:bb:${attempt.toString(16)}::1`;
      expect((await app.inject({ ...call(`Bearer guess-${attempt}`), remoteAddress })).statusCode).toBe(401);
    }
    expect((await app.inject({ ...call('Bearer guess'), remoteAddress: '2001:db8:aa:bb:ffff:1:2:3' })).statusCode).toBe(429);
    expect((await app.inject({ ...call('Bearer guess'), remoteAddress: '2001:db8:aa:bc::1' })).statusCode).toBe(401);
    expect((await app.inject({ ...call(`Bearer ${TEST_ADMIN_TOKEN}`), remoteAddress: '2001:db8:aa:bb::99' })).statusCode).toBe(200);
  });

  it('is switched off when no ADMIN_TOKEN is configured', async () => {
    const { app } = await buildTestApp(target, { env: { ADMIN_TOKEN: '' } });
    for (const authorization of [undefined, 'Bearer anything', `Bearer ${TEST_ADMIN_TOKEN}`]) {
      const response = await app.inject(call(authorization));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        error: 'Admin calls are disabled on this server: no ADMIN_TOKEN is configured.',
        code: 'admin_disabled',
      });
    }
  });
});
