import { describe, expect, it } from 'vitest';
import type { App } from '../../../src/server/app.ts';
import { testDatabases } from '../databases.ts';
import { setPlan, startSession, TEST_ORIGIN } from '../helper.ts';
import { buildPaymentsApp, localIdFrom, post, sessionIdFrom } from '../payments/paymentsApp.ts';

const issue = async (app: App, email = 'maya@example.com') =>
  (await app.inject(post('/api/discount-codes', undefined, { email }))).json<{ code: string; expires_at: string }>();

describe.each(testDatabases)('discount codes on $name', (target) => {
  it('issues a LAUNCH2024- code per e-mail, valid 30 days, the same one while it is unused', async () => {
    const now = new Date('2026-03-01T12:00:00Z');
    const { app } = await buildPaymentsApp(target, { clock: () => now });
    const first = await issue(app);
    expect(first.code).toMatch(/^LAUNCH2024-[A-Z0-9]{6}$/);
    expect(first.expires_at).toBe('2026-03-31T12:00:00.000Z');
    expect((await issue(app, 'MAYA@example.com')).code).toBe(first.code);
    expect((await issue(app, 'sam@example.com')).code).not.toBe(first.code);
  });

  it('validates a code: 4900 → 2900, shown as 41% off', async () => {
    const { app } = await buildPaymentsApp(target);
    const { code } = await issue(app);
    const response = await app.inject(post('/api/validate-discount', undefined, { code, user_email: 'maya@example.com' }));
    expect(response.json()).toEqual({
      valid: true, code, discount_percent: 41, discount_amount: 2000, final_price: 2900, base_price: 4900,
    });
  });

  it('answers the spec messages for empty, malformed, lower-case and unknown codes', async () => {
    const { app } = await buildPaymentsApp(target);
    const validate = (code: unknown) => app.inject(post('/api/validate-discount', undefined, { code }));
    expect((await validate('')).json()).toEqual({ error: 'Please enter a discount code', code: 'discount_code_missing' });
    for (const bad of ['LAUNCH2024-abc123', 'SAVE40', 'LAUNCH2024-ABC12']) {
      const response = await validate(bad);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('Invalid discount code format');
    }
    expect((await validate('LAUNCH2024-ZZZZZZ')).json()).toEqual({ valid: false, error: 'Invalid discount code' });
    for (const payload of [{}, { code: 42 }, { code: 'x'.repeat(100) }, { code: 'LAUNCH2024-ZZZZZZ', extra: 1 }]) {
      const response = await app.inject(post('/api/validate-discount', undefined, payload));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'invalid_request', error: expect.stringMatching(/body/) });
    }
    const noEmail = await app.inject(post('/api/discount-codes', undefined, { email: 'not-an-email' }));
    expect(noEmail.statusCode).toBe(400);
  });

  it('a discounted checkout costs 2900, uses the code up once paid, and is refused again', async () => {
    const { app, events } = await buildPaymentsApp(target);
    const { cookie } = await startSession(app);
    const { code } = await issue(app);
    const created = await app.inject(post('/api/create-discounted-checkout', cookie, { code, user_email: 'maya@example.com' }));
    expect(created.statusCode).toBe(200);
    const url = created.json<{ checkout_url: string }>().checkout_url;
    const page = await app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(page.body).toContain('Pay $29 (test)');
    const paid = await app.inject({ method: 'POST', url: `/checkout/local/${localIdFrom(url)}/pay`, headers: { origin: TEST_ORIGIN, cookie } });
    const verified = await app.inject({ method: 'GET', url: `/api/verify-session?session_id=${sessionIdFrom(String(paid.headers.location))}`, headers: { cookie } });
    expect(verified.json()).toMatchObject({ plan: 'paid', value: 29, discount_applied: true });
    expect(events[0]).toMatchObject({ name: 'purchase', params: { value: 29, discount_applied: true } });

    const other = await startSession(app);
    const reuse = await app.inject(post('/api/validate-discount', other.cookie, { code }));
    expect(reuse.json()).toEqual({ valid: false, error: 'This discount code has already been used.' });
    const again = await app.inject(post('/api/create-discounted-checkout', other.cookie, { code, user_email: 'sam@example.com' }));
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('This discount code has already been used.');
  });

  it('refuses an expired code, and a discounted checkout for a paid or anonymous browser', async () => {
    let now = Date.parse('2026-03-01T12:00:00Z');
    const { app } = await buildPaymentsApp(target, { clock: () => new Date(now) });
    const { code } = await issue(app);
    const { uid, cookie } = await startSession(app);
    const anonymous = await app.inject(post('/api/create-discounted-checkout', undefined, { code, user_email: 'maya@example.com' }));
    expect(anonymous.json()).toEqual({ error: 'User not authenticated', code: 'not_authenticated' });
    await setPlan(app, uid, 'paid');
    const paid = await app.inject(post('/api/create-discounted-checkout', cookie, { code, user_email: 'maya@example.com' }));
    expect(paid.statusCode).toBe(409);
    now += 31 * 24 * 60 * 60_000;
    const expired = await app.inject(post('/api/validate-discount', undefined, { code }));
    expect(expired.json()).toEqual({ valid: false, error: 'This discount code has expired.' });
  });

  it('rate-limits code guessing per IP', async () => {
    const { app } = await buildPaymentsApp(target);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 25; attempt += 1) {
      statuses.push((await app.inject(post('/api/validate-discount', undefined, { code: 'LAUNCH2024-AAAAAA' }))).statusCode);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(statuses.at(-1)).toBe(429);
  });
});
