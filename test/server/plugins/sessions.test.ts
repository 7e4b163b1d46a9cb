// Every call that needs a session refuses a browser without one in the same way: 401, one code, one message.
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../databases.ts';
import { cookiePair, TEST_ORIGIN } from '../helper.ts';
import { useTestApp } from '../useTestApp.ts';
import { bodies } from '../routes/aiRequests.ts';

const email = 'maya@example.com';
const calls: Array<{ method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object }> = [
  { method: 'GET', url: '/api/forms/me' },
  { method: 'DELETE', url: '/api/forms/me' },
  { method: 'POST', url: '/api/topic-suggestions', payload: bodies.topics() },
  { method: 'POST', url: '/api/followup-questions', payload: bodies.followup() },
  { method: 'POST', url: '/api/generate-essay', payload: bodies.essay() },
  { method: 'POST', url: '/api/supplemental-essay', payload: bodies.supplemental() },
  { method: 'POST', url: '/api/create-discounted-checkout', payload: { code: 'LAUNCH2024-ABC123', user_email: email } },
  { method: 'GET', url: '/api/verify-session?session_id=cs_test_1' },
  { method: 'GET', url: `/api/referrals/info?user_email=${email}` },
  { method: 'POST', url: '/api/referrals/apply-credits', payload: { user_email: email, credits_to_use: 100 } },
];

describe.each(testDatabases)('the session plugin on $name', (target) => {
  const testApp = useTestApp(target);
  it.each(calls)('$method $url without a session: 401 not_authenticated', async ({ method, url, payload }) => {
    const { app } = testApp();
    const response = await app.inject({ method, url, headers: { origin: TEST_ORIGIN }, ...(payload ? { payload } : {}) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'User not authenticated', code: 'not_authenticated' });
  });

  it('starts a session where a route may (the discount popup), and that cookie then identifies the browser', async () => {
    const { app } = testApp();
    const issued = await app.inject({
      method: 'POST', url: '/api/discount-codes', headers: { origin: TEST_ORIGIN }, payload: { email },
    });
    expect(issued.statusCode).toBe(200);
    const cookie = cookiePair(issued.headers['set-cookie']);
    const forms = await app.inject({ method: 'GET', url: '/api/forms/me', headers: { origin: TEST_ORIGIN, cookie } });
    expect(forms.statusCode).toBe(200);
    const again = await app.inject({ method: 'POST', url: '/api/session', headers: { origin: TEST_ORIGIN, cookie } });
    expect(cookiePair(again.headers['set-cookie'])).toBe(cookie);
  });
});
