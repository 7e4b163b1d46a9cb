import { describe, expect, it } from 'vitest';
import { testDatabases } from '../databases.ts';
import { buildTestApp } from '../helper.ts';
import { useTestApp } from '../useTestApp.ts';

describe.each(testDatabases)('security headers and the rate limit on $name', (target) => {
  const testApp = useTestApp(target);
  it('sends a strict CSP and the usual hardening headers on API answers too', async () => {
    const { app } = testApp();
    const response = await app.inject({ method: 'GET', url: '/api/whoami' });
    const csp = String(response.headers['content-security-policy']);
    for (const directive of ["default-src 'self'", "script-src 'self'", "connect-src 'self'", "form-action 'self'",
      "frame-ancestors 'none'", "object-src 'none'", "manifest-src 'self'", "worker-src 'self'"]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('upgrade-insecure-requests'); // plain-http PUBLIC_URL
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('adds HSTS and upgrade-insecure-requests behind https', async () => {
    const { app } = await buildTestApp(target, { env: { PUBLIC_URL: 'https://essays.example.com' } });
    const response = await app.inject({ method: 'GET', url: '/api/whoami' });
    expect(response.headers['strict-transport-security']).toContain('max-age=31536000');
    expect(String(response.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });

  it('allows Google Tag Manager\'s hosts only when VITE_GTM_ID is set', async () => {
    const plain = testApp();
    const without = String((await plain.app.inject({ method: 'GET', url: '/api/whoami' })).headers['content-security-policy']);
    expect(without).not.toContain('googletagmanager');
    const { app } = await buildTestApp(target, { env: { VITE_GTM_ID: 'GTM-ABC1234' } });
    const csp = String((await app.inject({ method: 'GET', url: '/api/whoami' })).headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' https://www.googletagmanager.com");
    expect(csp).toContain('connect-src \'self\' https://www.googletagmanager.com https://*.google-analytics.com https://*.analytics.google.com');
  });

  it('lets pages send their Origin to us alone, and their forms end only here or on the payment provider’s checkout', async () => {
    const plain = testApp();
    const response = await plain.app.inject({ method: 'GET', url: '/api/whoami' });
    // A form's POST (Upgrade) carries its Origin, which the Origin check needs; under no-referrer it is "null".
    expect(response.headers['referrer-policy']).toBe('same-origin');
    expect(String(response.headers['content-security-policy'])).toContain("form-action 'self';");

    // Upgrade's form is redirected to the provider's page, and browsers hold a form's redirects to form-action.
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' };
    const withStripe = await buildTestApp(target, { env: stripe });
    const csp = String((await withStripe.app.inject({ method: 'GET', url: '/api/whoami' })).headers['content-security-policy']);
    expect(csp).toContain("form-action 'self' https://checkout.stripe.com;");
    const standIn = await buildTestApp(target, { env: { ...stripe, STRIPE_API_BASE: 'http://127.0.0.1:12111' } });
    expect(String((await standIn.app.inject({ method: 'GET', url: '/api/whoami' })).headers['content-security-policy']))
      .toContain("form-action 'self' https://checkout.stripe.com http://127.0.0.1:12111;");
  });

  it('limits each IP to RATE_LIMIT_MAX API calls per window, with Retry-After and a readable message', async () => {
    const { app } = await buildTestApp(target, { env: { RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW: '1m' } });
    const whoami = (remoteAddress = '127.0.0.1') => app.inject({ method: 'GET', url: '/api/whoami', remoteAddress });
    for (let call = 0; call < 3; call += 1) expect((await whoami()).statusCode).toBe(200);
    const limited = await whoami();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toEqual({
      error: 'Too many requests from your network. Please wait 1 minute and try again.',
      code: 'rate_limited',
    });
    expect((await whoami('10.0.0.7')).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/no-such-call' })).statusCode).toBe(429);
  });
});
