import { describe, expect, it } from 'vitest';
import type { App } from '../../../../src/server/app.ts';
import { testDatabases } from '../../databases.ts';
import { cookiePair, setPlan, startSession, TEST_ORIGIN } from '../../helper.ts';
import { buildPaymentsApp, localIdFrom, post, sessionIdFrom, usePaymentsApp } from '../../payments/paymentsApp.ts';

const issue = async (app: App, cookie: string, email = 'maya@example.com') =>
  (await app.inject(post('/api/discount-codes', cookie, { email }))).json<{ code: string; expires_at: string }>();

const validate = (app: App, cookie: string | undefined, code: unknown, remoteAddress = '127.0.0.1') =>
  app.inject({ ...post('/api/validate-discount', cookie, { code }), remoteAddress });

describe.each(testDatabases)('discount codes on $name', (target) => {
  const paymentsApp = usePaymentsApp(target);
  it('issues a LAUNCH2024- code per e-mail to the asking browser, valid 30 days, the same one while it is unused', async () => {
    const now = new Date('2026-03-01T12:00:00Z');
    const { app } = await buildPaymentsApp(target, { clock: () => now });
    const { cookie } = await startSession(app);
    const first = await issue(app, cookie);
    expect(first.code).toMatch(/^LAUNCH2024-[A-Z0-9]{6}$/);
    expect(first.expires_at).toBe('2026-03-31T12:00:00.000Z');
    expect((await issue(app, cookie, 'MAYA@example.com')).code).toBe(first.code);
    expect((await issue(app, cookie, 'sam@example.com')).code).not.toBe(first.code);
  });

  it('another browser asking for the same e-mail gets a code of its own, and cannot use the first one', async () => {
    const { app } = paymentsApp();
    const victim = await startSession(app);
    const other = await startSession(app);
    const victimCode = (await issue(app, victim.cookie, 'victim@example.com')).code;
    const otherCode = (await issue(app, other.cookie, 'victim@example.com')).code;
    expect(otherCode).toMatch(/^LAUNCH2024-[A-Z0-9]{6}$/);
    expect(otherCode).not.toBe(victimCode);

    // Someone else's code reads exactly like a code that does not exist.
    expect((await validate(app, other.cookie, victimCode)).json()).toEqual({ valid: false, error: 'Invalid discount code' });
    expect((await validate(app, other.cookie, 'LAUNCH2024-ZZZZZZ')).json()).toEqual({ valid: false, error: 'Invalid discount code' });
    const stolen = await app.inject(post('/api/create-discounted-checkout', other.cookie, { code: victimCode, user_email: 'victim@example.com' }));
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toEqual({ error: 'Invalid discount code', code: 'discount_code_invalid' });
    expect((await validate(app, victim.cookie, victimCode)).json()).toMatchObject({ valid: true, code: victimCode });
  });

  it('a browser asking for its first code gets its session with it (the landing popup)', async () => {
    const { app } = paymentsApp();
    const response = await app.inject(post('/api/discount-codes', undefined, { email: 'new@example.com' }));
    const cookie = cookiePair(response.headers['set-cookie']);
    const { code } = response.json<{ code: string }>();
    expect((await validate(app, cookie, code)).json()).toMatchObject({ valid: true, code });
    expect((await validate(app, undefined, code)).json()).toEqual({ valid: false, error: 'Invalid discount code' });
  });

  it('validates a code: 4900 → 2900, shown as 41% off', async () => {
    const { app } = paymentsApp();
    const { cookie } = await startSession(app);
    const { code } = await issue(app, cookie);
    const response = await app.inject(post('/api/validate-discount', cookie, { code, user_email: 'maya@example.com' }));
    expect(response.json()).toEqual({
      valid: true, code, discount_percent: 41, discount_amount: 2000, final_price: 2900, base_price: 4900,
    });
  });

  it('answers ‘Please enter a discount code’ and ‘Invalid discount code format’ for empty, malformed and lower-case codes, and 400 for bad bodies', async () => {
    const { app } = paymentsApp();
    const { cookie } = await startSession(app);
    expect((await validate(app, cookie, '')).json()).toEqual({ error: 'Please enter a discount code', code: 'discount_code_missing' });
    for (const bad of ['LAUNCH2024-abc123', 'SAVE40', 'LAUNCH2024-ABC12']) {
      const response = await validate(app, cookie, bad);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('Invalid discount code format');
    }
    for (const payload of [{}, { code: 42 }, { code: 'x'.repeat(100) }, { code: 'LAUNCH2024-ZZZZZZ', extra: 1 }]) {
      const response = await app.inject(post('/api/validate-discount', cookie, payload));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_request', error: expect.stringMatching(/body/) });
    }
    const noEmail = await app.inject(post('/api/discount-codes', cookie, { email: 'not-an-email' }));
    expect(noEmail.statusCode).toBe(400);
  });

  it('a discounted checkout costs 2900, says what lowered it, uses the code up once paid, and is refused again', async () => {
    const { app, events } = paymentsApp();
    const { uid, cookie } = await startSession(app);
    const { code } = await issue(app, cookie);
    const created = await app.inject(post('/api/create-discounted-checkout', cookie, { code, user_email: 'maya@example.com' }));
    expect(created.statusCode).toBe(200);
    const url = created.json<{ checkout_url: string }>().checkout_url;
    const page = await app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(page.body).toContain('Pay $29 (test)');
    expect(page.body).toContain(`Launch code ${code} applied: $49 less $20.`);
    const paid = await app.inject({ method: 'POST', url: `/checkout/local/${localIdFrom(url)}/pay`, headers: { origin: TEST_ORIGIN, cookie } });
    const verified = await app.inject({ method: 'GET', url: `/api/verify-session?session_id=${sessionIdFrom(String(paid.headers.location))}`, headers: { cookie } });
    expect(verified.json()).toMatchObject({ plan: 'paid', value: 29, discount_applied: true });
    expect(events[0]).toMatchObject({ name: 'purchase', params: { value: 29, discount_applied: true } });

    // The browser's own used code keeps its own message (it is no secret to its owner).
    await setPlan(app, uid, 'free');
    expect((await validate(app, cookie, code)).json()).toEqual({ valid: false, error: 'This discount code has already been used.' });
    const again = await app.inject(post('/api/create-discounted-checkout', cookie, { code, user_email: 'maya@example.com' }));
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('This discount code has already been used.');
  });

  it('refuses an expired code with its own message, and a discounted checkout for a paid or anonymous browser', async () => {
    let now = Date.parse('2026-03-01T12:00:00Z');
    const { app } = await buildPaymentsApp(target, { clock: () => new Date(now) });
    const { uid, cookie } = await startSession(app);
    const { code } = await issue(app, cookie);
    const anonymous = await app.inject(post('/api/create-discounted-checkout', undefined, { code, user_email: 'maya@example.com' }));
    expect(anonymous.json()).toEqual({ error: 'User not authenticated', code: 'not_authenticated' });
    await setPlan(app, uid, 'paid');
    const paid = await app.inject(post('/api/create-discounted-checkout', cookie, { code, user_email: 'maya@example.com' }));
    expect(paid.statusCode).toBe(409);
    now += 31 * 24 * 60 * 60_000;
    const expired = await validate(app, cookie, code);
    expect(expired.json()).toEqual({ valid: false, error: 'This discount code has expired.' });
  });

  it('bounds wrong codes per browser: the sixth wrong code waits, even for its own code', async () => {
    const { app } = paymentsApp();
    const { cookie } = await startSession(app);
    const { code } = await issue(app, cookie);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      // Checking its own code in between does not count: a student re-checking is never slowed down.
      expect((await validate(app, cookie, code, '10.0.0.1')).json()).toMatchObject({ valid: true });
      statuses.push((await validate(app, cookie, `LAUNCH2024-AAAAA${attempt}`, '10.0.0.1')).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const blocked = await validate(app, cookie, 'LAUNCH2024-AAAAA9', '10.0.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ error: 'Too many wrong discount codes. Please wait a few minutes and try again.', code: 'discount_code_attempts' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await validate(app, cookie, code, '10.0.0.1')).statusCode).toBe(429);
    // Another browser on the same network still has its own allowance.
    const other = await startSession(app);
    expect((await validate(app, other.cookie, 'LAUNCH2024-BBBBBB', '10.0.0.1')).statusCode).toBe(200);
  });

  it('bounds wrong codes per network, across fresh browsers', async () => {
    const { app } = paymentsApp();
    const statuses: number[] = [];
    for (let browser = 0; browser < 4; browser += 1) {
      const { cookie } = await startSession(app);
      for (let attempt = 0; attempt < 4; attempt += 1) {
        statuses.push((await validate(app, cookie, `LAUNCH2024-C${browser}C${attempt}CC`, '10.0.0.2')).statusCode);
      }
    }
    expect(statuses.slice(0, 15)).toEqual(Array(15).fill(200));
    expect(statuses[15]).toBe(429);
  });

  it('keeps the per-IP rate limit on every code call', async () => {
    const { app } = paymentsApp();
    const { cookie } = await startSession(app);
    const { code } = await issue(app, cookie);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 21; attempt += 1) statuses.push((await validate(app, cookie, code, '10.0.0.3')).statusCode);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses.at(-1)).toBe(429);
  });
});
