import { describe, expect, it } from 'vitest';
import { rebuildRollups } from '../../../../src/server/db/rollups.ts';
import type { App } from '../../../../src/server/app.ts';
import { testDatabases } from '../../databases.ts';
import { buildTestApp, startSession, TEST_ADMIN_TOKEN, TEST_ORIGIN } from '../../helper.ts';
import { localIdFrom, sessionIdFrom } from '../../payments/paymentsApp.ts';

const auth = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };
const ts = '2026-03-02T10:00:00.000Z';
const ev = (name: string, params: object) => ({ name, timestamp: ts, params });
const journey = [
  ev('page_viewed', { page_path: '/form' }),
  ev('form_step_completed', { step_name: 'Personal Insights', step_number: 5 }),
  ev('topics_generated', { prompt_count: 6, suggestion_count: 18 }),
  ev('followup_questions_generated', { question_count: 7, used_defaults: false }),
  ev('essay_generated', { essay_topic: 'My grandmother', word_count: 612 }),
  ev('discount_code_used', { discount_code: 'LAUNCH2024-ABC123', discount_amount: 20, currency: 'USD' }),
];

/** Upgrade → the local test checkout → Pay, as the browser does; answers the checkout session's id. */
async function buyFullPrice(app: App, cookie: string): Promise<string> {
  const started = await app.inject({ method: 'POST', url: '/api/checkout/upgrade', headers: { origin: TEST_ORIGIN, accept: 'text/html', cookie } });
  const paid = await app.inject({
    method: 'POST', url: `/checkout/local/${localIdFrom(String(started.headers.location))}/pay`, payload: '',
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/x-www-form-urlencoded', cookie },
  });
  return sessionIdFrom(String(paid.headers.location));
}

async function sendEvents(app: App, cookie: string, events: object[]) {
  const response = await app.inject({ method: 'POST', url: '/api/events', headers: { origin: TEST_ORIGIN, cookie }, payload: { events } });
  expect(response.statusCode).toBe(200);
}

const get = async (app: App, url: string) => {
  const response = await app.inject({ method: 'GET', url, headers: auth });
  expect(response.statusCode, response.body).toBe(200);
  return response;
};

describe.each(testDatabases)('GET /api/admin/* on $name', (target) => {
  it('shows a journey in the funnel, trends, revenue and usage, and the same after a rebuild of the rollups', async () => {
    const now = new Date('2026-03-02T12:00:00Z');
    const { app, database } = await buildTestApp(target, { clock: () => now });
    const student = await startSession(app);
    const browser = await startSession(app);
    await sendEvents(app, student.cookie, journey);
    // The purchase is recorded by the server from the payment: once, however often it is verified.
    const transactionId = await buyFullPrice(app, student.cookie);
    for (let check = 0; check < 2; check += 1) {
      const verified = await app.inject({ method: 'GET', url: `/api/verify-session?session_id=${transactionId}`, headers: { cookie: student.cookie } });
      expect(verified.statusCode).toBe(200);
    }
    // A step before the last does not complete the questionnaire, live or rebuilt.
    await sendEvents(app, browser.cookie, [journey[0] as object, ev('form_step_completed', { step_name: 'Academics', step_number: 2 })]);

    const check = async () => {
      const funnel = (await get(app, '/api/admin/funnel')).json().steps;
      expect(funnel.map((step: { users: number }) => step.users)).toEqual([2, 1, 1, 1, 1, 1]);
      expect(funnel[0]).toEqual({ step: 'visitors', label: 'Visitors', users: 2, conversion: null });
      expect(funnel[1].conversion).toBe(0.5);
      const days = (await get(app, '/api/admin/trends')).json().days;
      expect(days).toHaveLength(30);
      expect(days[29]).toEqual({ day: '2026-03-02', visitors: 2, events: 9, purchases: 1, revenue: 49 });
      expect(days[0]).toEqual({ day: '2026-02-01', visitors: 0, events: 0, purchases: 0, revenue: 0 });
      expect((await get(app, '/api/admin/revenue')).json())
        .toEqual({ purchases: 1, revenue: 49, averagePrice: 49, discounted: 0, currency: 'USD', refunds: 0 });
      expect((await get(app, '/api/admin/usage')).json().counts).toContainEqual({ name: 'discount_code_used', count: 1 });
    };
    await check();
    await rebuildRollups(database.db);
    await check();

    const support = (await get(app, `/api/admin/support?q=${transactionId}`)).json();
    expect(support).toEqual({
      uid: student.uid, plan: 'paid',
      purchases: [{ transactionId, uid: student.uid, value: 49, discountApplied: false, at: now.toISOString() }],
    });
    expect((await get(app, '/api/admin/support?q=nobody-at-all')).json()).toEqual({ uid: null, plan: null, purchases: [] });
  });

  it('lists feedback newest first, filtered by type and rating', async () => {
    let now = Date.parse('2026-03-02T10:00:00Z');
    const { app } = await buildTestApp(target, { clock: () => new Date(now) });
    for (const [type, rating, message] of [['bug', 2, 'first'], ['praise', 5, 'second'], ['bug', 5, 'third']] as const) {
      now += 1000;
      const response = await app.inject({
        method: 'POST', url: '/api/feedback/submit', headers: { origin: TEST_ORIGIN },
        payload: { type, rating, message, email: null, page: 'form', url: '/form', user_agent: 'test' },
      });
      expect(response.statusCode).toBe(200);
    }
    const messages = async (query: string) =>
      (await get(app, `/api/admin/feedback${query}`)).json().items.map((item: { message: string }) => item.message);
    expect(await messages('')).toEqual(['third', 'second', 'first']);
    expect(await messages('?type=bug')).toEqual(['third', 'first']);
    expect(await messages('?rating=5')).toEqual(['third', 'second']);
    expect(await messages('?type=bug&rating=2')).toEqual(['first']);
    const bad = await app.inject({ method: 'GET', url: '/api/admin/feedback?type=rant&rating=9', headers: auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("query.type: must be one of 'bug', 'feature', 'praise', 'general'; query.rating: must be at most 5");
  });

  it('exports feedback as CSV a spreadsheet cannot mistake for formulas', async () => {
    const { app } = await buildTestApp(target);
    const message = '=HYPERLINK("http://evil.example","click"), then\na new line';
    await app.inject({
      method: 'POST', url: '/api/feedback/submit', headers: { origin: TEST_ORIGIN },
      payload: { type: 'general', rating: 0, message, email: null, page: 'form', url: '/form', user_agent: 'test' },
    });
    const response = await get(app, '/api/admin/export/feedback.csv');
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="feedback.csv"');
    const [header, row] = response.body.split('\r\n');
    expect(header).toBe('"id","created_at","type","rating","page","url","email","message","user_agent"');
    expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""click""), then\na new line"`);
  });

  it('exports the events of the last days as CSV', async () => {
    const { app } = await buildTestApp(target, { clock: () => new Date('2026-03-02T12:00:00Z') });
    const { uid, cookie } = await startSession(app);
    await sendEvents(app, cookie, journey.slice(0, 2));
    const lines = (await get(app, '/api/admin/export/events.csv?days=7')).body.trim().split('\r\n');
    expect(lines[0]).toBe('"id","received_at","occurred_at","uid","name","params"');
    expect(lines).toHaveLength(3);
    // A uid is random base64url, so one in 32 begins with '-', which the export defuses like any formula.
    const uidCell = uid.startsWith('-') ? `'${uid}` : uid;
    expect(lines[1]).toBe(`"1","2026-03-02T12:00:00.000Z","${ts}","${uidCell}","page_viewed","{""page_path"":""/form""}"`);
  });

  it('answers only the right token: missing 401, wrong 401, and says when admin is off', async () => {
    const { app } = await buildTestApp(target);
    for (const url of ['/api/admin/funnel', '/api/admin/feedback', '/api/admin/export/feedback.csv']) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url, headers: { authorization: 'Bearer wrong-token-123456' } })).statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url, headers: auth })).statusCode).toBe(200);
    }
    expect((await app.inject({ method: 'GET', url: '/api/admin-status' })).json()).toEqual({ enabled: true });
    const off = await buildTestApp(target, { env: { ADMIN_TOKEN: '' } });
    expect((await off.app.inject({ method: 'GET', url: '/api/admin-status' })).json()).toEqual({ enabled: false });
    expect((await off.app.inject({ method: 'GET', url: '/api/admin/funnel', headers: auth })).json().code).toBe('admin_disabled');
  });
});
