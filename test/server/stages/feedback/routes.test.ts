import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../databases.ts';
import { buildTestApp, startSession, TEST_ORIGIN } from '../../helper.ts';
import { useTestApp } from '../../useTestApp.ts';

const valid = {
  type: 'bug', rating: 4, message: 'The Next button jumped.', email: null,
  page: 'form', url: 'http://localhost:8080/form', user_agent: 'Mozilla/5.0',
};

describe.each(testDatabases)('POST /api/feedback/submit on $name', (target) => {
  const testApp = useTestApp(target);
  const submit = (payload: object, cookie?: string) => ({
    method: 'POST' as const,
    url: '/api/feedback/submit',
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    payload,
  });

  it('stores a submission with the browser\'s uid and answers ok', async () => {
    const now = new Date('2026-03-02T10:00:00Z');
    const { app, database } = await buildTestApp(target, { clock: () => now });
    const { uid, cookie } = await startSession(app);
    const response = await app.inject(submit({ ...valid, email: 'maya@example.com' }, cookie));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const rows = await database.db.selectFrom('feedback').selectAll().execute();
    expect(rows).toEqual([{
      id: 1, uid, type: 'bug', rating: 4, message: 'The Next button jumped.', email: 'maya@example.com',
      page: 'form', url: valid.url, user_agent: 'Mozilla/5.0', created_at: now,
    }]);
  });

  it.each([
    ['a blank message', { ...valid, message: '   ' }, 'body.message: is required'],
    ['a 5001-character message', { ...valid, message: 'x'.repeat(5001) }, 'body.message: must be at most 5000 characters long'],
    ['an unknown type', { ...valid, type: 'rant' }, "body.type: must be one of 'bug', 'feature', 'praise', 'general'"],
    ['a rating of 6', { ...valid, rating: 6 }, 'body.rating: must be at most 5'],
    ['a fractional rating', { ...valid, rating: 2.5 }, 'body.rating: must be a whole number'],
    ['a bad e-mail', { ...valid, email: 'not-an-address' }, 'body.email: must be a valid email address'],
    ['a user_id field', { ...valid, user_id: 'someone-else' }, "body: unrecognized field 'user_id'"],
  ])('refuses %s with a readable 400', async (_label, payload, error) => {
    const { app, database } = testApp();
    const response = await app.inject(submit(payload));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error, code: 'invalid_request' });
    expect(await database.db.selectFrom('feedback').selectAll().execute()).toEqual([]);
  });

  it('refuses a body that is missing or not JSON', async () => {
    const { app } = testApp();
    expect((await app.inject({ ...submit({}), payload: '{oops', headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' } })).json())
      .toEqual({ error: 'The request body is not valid JSON.', code: 'invalid_json' });
    expect((await app.inject({ method: 'POST', url: '/api/feedback/submit', headers: { origin: TEST_ORIGIN } })).statusCode).toBe(400);
  });

  it('limits each browser to 10 submissions per 10 minutes, without limiting the next browser', async () => {
    const { app } = testApp();
    const first = await startSession(app);
    for (let index = 0; index < 10; index += 1) {
      expect((await app.inject(submit(valid, first.cookie))).statusCode).toBe(200);
    }
    const limited = await app.inject(submit(valid, first.cookie));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'rate_limited' });
    const second = await startSession(app);
    expect((await app.inject(submit(valid, second.cookie))).statusCode).toBe(200);
  });
});
