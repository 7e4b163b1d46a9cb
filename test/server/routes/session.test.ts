import { describe, expect, it } from 'vitest';
import { uidSchema } from '../../../src/common/contract/contract.ts';
import { testDatabases } from '../databases.ts';
import { buildTestApp, cookiePair, setPlan, startSession } from '../helper.ts';
import { useTestApp } from '../useTestApp.ts';

describe.each(testDatabases)('anonymous sessions on $name', (target) => {
  const testApp = useTestApp(target);
  it('issues a random uid, and a random secret (not the uid) in a signed, httpOnly, SameSite=Lax cookie that lasts about 400 days', async () => {
    const { app } = testApp();
    const response = await app.inject({ method: 'POST', url: '/api/session' });
    expect(response.statusCode).toBe(200);
    const { uid } = response.json<{ uid: string }>();
    expect(uidSchema.safeParse(uid).success).toBe(true);
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/^sid=d1\.[A-Za-z0-9_-]{43}\.[A-Za-z0-9+/]+;/); // d1.secret.signature
    expect(header).not.toContain(uid);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Lax');
    expect(header).toContain('Path=/');
    expect(header).toContain(`Max-Age=${400 * 24 * 60 * 60}`);
    expect(header).not.toContain('Secure');
  });

  it('marks the cookie Secure when PUBLIC_URL is https', async () => {
    const { app } = await buildTestApp(target, { env: { PUBLIC_URL: 'https://essays.example.com' } });
    const response = await app.inject({ method: 'POST', url: '/api/session' });
    expect(String(response.headers['set-cookie'])).toContain('Secure');
  });

  it('gives every new visitor a different uid', async () => {
    const { app } = testApp();
    const first = await startSession(app);
    const second = await startSession(app);
    expect(first.uid).not.toBe(second.uid);
  });

  it('keeps the same uid when the cookie comes back, renewing it', async () => {
    const { app } = testApp();
    const { uid, cookie } = await startSession(app);
    const again = await app.inject({ method: 'POST', url: '/api/session', headers: { cookie } });
    expect(again.json()).toEqual({ uid });
    expect(cookiePair(again.headers['set-cookie'])).toBe(cookie);
  });

  it('ignores a tampered cookie and starts a new session', async () => {
    const { app } = testApp();
    const { uid, cookie } = await startSession(app);
    const secret = /^sid=d1\.([A-Za-z0-9_-]{43})\./.exec(cookie)?.[1] ?? '';
    const forged = cookie.replace(secret, `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`);
    const response = await app.inject({ method: 'POST', url: '/api/session', headers: { cookie: forged } });
    expect(response.json<{ uid: string }>().uid).not.toBe(uid);
    const unsigned = await app.inject({ method: 'POST', url: '/api/session', headers: { cookie: `sid=d1.${secret}` } });
    expect(unsigned.json<{ uid: string }>().uid).not.toBe(uid);
    const uidAlone = await app.inject({ method: 'POST', url: '/api/session', headers: { cookie: `sid=${uid}` } });
    expect(uidAlone.json<{ uid: string }>().uid).not.toBe(uid);
  });

  it('answers 501 to a Firebase ID token until that backend is configured', async () => {
    const { app } = testApp();
    const response = await app.inject({ method: 'POST', url: '/api/session', payload: { idToken: 'eyJhbGciOi' } });
    expect(response.statusCode).toBe(501);
    expect(response.json()).toMatchObject({ code: 'firebase_not_configured' });
  });

  it('accepts an empty JSON body', async () => {
    const { app } = testApp();
    const response = await app.inject({
      method: 'POST', url: '/api/session', headers: { 'content-type': 'application/json' }, payload: '',
    });
    expect(response.statusCode).toBe(200);
  });

  it('DELETE /api/session clears the cookie', async () => {
    const { app } = testApp();
    const { cookie } = await startSession(app);
    const response = await app.inject({ method: 'DELETE', url: '/api/session', headers: { cookie } });
    expect(response.statusCode).toBe(204);
    expect(String(response.headers['set-cookie'])).toMatch(/^sid=; Max-Age=0; Path=\/;.*HttpOnly; SameSite=Lax/);
  });
});

describe.each(testDatabases)('GET /api/whoami on $name', (target) => {
  const testApp = useTestApp(target);
  it('is free without a session, and free for a new session', async () => {
    const { app } = testApp();
    expect((await app.inject({ method: 'GET', url: '/api/whoami' })).json()).toEqual({ plan: 'free' });
    const { cookie } = await startSession(app);
    const response = await app.inject({ method: 'GET', url: '/api/whoami', headers: { cookie } });
    expect(response.json()).toEqual({ plan: 'free' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('is paid after an operator grants the plan, and free again after a revoke', async () => {
    const { app } = testApp();
    const { uid, cookie } = await startSession(app);
    const whoami = async () => (await app.inject({ method: 'GET', url: '/api/whoami', headers: { cookie } })).json();
    expect((await setPlan(app, uid, 'paid')).statusCode).toBe(200);
    expect(await whoami()).toEqual({ plan: 'paid' });
    expect((await setPlan(app, uid, 'free')).statusCode).toBe(200);
    expect(await whoami()).toEqual({ plan: 'free' });
  });

  it('does not let a forged cookie borrow a paid plan', async () => {
    const { app } = testApp();
    const { uid } = await startSession(app);
    await setPlan(app, uid, 'paid');
    const response = await app.inject({ method: 'GET', url: '/api/whoami', headers: { cookie: `sid=${uid}.forged` } });
    expect(response.json()).toEqual({ plan: 'free' });
  });
});
