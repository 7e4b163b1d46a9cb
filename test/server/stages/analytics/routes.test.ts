import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testDatabases } from '../../databases.ts';
import { buildTestApp, startSession, TEST_ORIGIN } from '../../helper.ts';
import { useTestApp } from '../../useTestApp.ts';

const at = '2026-03-02T10:00:00.000Z';
const stepCompleted = { name: 'form_step_completed', timestamp: at, params: { step_name: 'Basic Information', step_number: 1 } };
const pageViewed = { name: 'page_viewed', timestamp: at, params: { page_path: '/form' } };

describe.each(testDatabases)('POST /api/events on $name', (target) => {
  const testApp = useTestApp(target);
  const send = (events: unknown, cookie?: string, contentType = 'application/json') => ({
    method: 'POST' as const,
    url: '/api/events',
    headers: { origin: TEST_ORIGIN, 'content-type': contentType, ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify({ events }),
  });

  it('stores valid events under the cookie\'s uid, never a uid from the body', async () => {
    const now = new Date('2026-03-02T10:00:05Z');
    const { app, database } = await buildTestApp(target, { clock: () => now });
    const { uid, cookie } = await startSession(app);
    const response = await app.inject(send([stepCompleted, pageViewed], cookie));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ accepted: 2, rejected: [] });
    const rows = await database.db.selectFrom('events').select(['uid', 'name', 'params', 'occurred_at', 'received_at']).orderBy('id').execute();
    expect(rows).toEqual([
      { uid, name: 'form_step_completed', params: stepCompleted.params, occurred_at: new Date(at), received_at: now },
      { uid, name: 'page_viewed', params: pageViewed.params, occurred_at: new Date(at), received_at: now },
    ]);
    const smuggled = await app.inject(send([{ ...pageViewed, params: { ...pageViewed.params, user_id: 'someone-else' } }], cookie));
    expect(smuggled.statusCode).toBe(400);
    expect(smuggled.json().error).toContain("events[0].params: unrecognized field 'user_id'");
  });

  it('keeps the good events of a batch and names the rejected ones', async () => {
    const { app, database } = testApp();
    const { cookie } = await startSession(app);
    const batch = [
      stepCompleted,
      { name: 'essay_generated', timestamp: at, params: { essay_topic: 'My grandmother', word_count: -3 } },
      { name: 'made_up', timestamp: at, params: {} },
      { name: 'error_occurred', timestamp: at, params: { error_name: 'ApiError', error_message: 'x'.repeat(101), error_context: 'topics', page_path: '/topics' } },
      { name: 'error_occurred', timestamp: at, params: { error_name: 'ApiError', error_message: 'mail maya@example.com', error_context: 'topics', page_path: '/topics' } },
      pageViewed,
    ];
    const response = await app.inject(send(batch, cookie));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      accepted: 2,
      rejected: [
        { index: 1, name: 'essay_generated', error: 'events[1].params.word_count: must be at least 0' },
        { index: 2, name: 'made_up', error: expect.stringMatching(/^events\[2\]\.name: /) },
        { index: 3, name: 'error_occurred', error: 'events[3].params.error_message: must be at most 100 characters long' },
        { index: 4, name: 'error_occurred', error: 'events[4].params.error_message: must not contain an email address' },
      ],
    });
    expect(await database.db.selectFrom('events').select('name').orderBy('id').execute())
      .toEqual([{ name: 'form_step_completed' }, { name: 'page_viewed' }]);
  });

  it('refuses an event whose time is implausible (year 0000, 9999, before 2020, days ahead) by its index, keeping the good ones', async () => {
    const now = new Date('2026-03-02T10:00:05Z');
    const { app, database } = await buildTestApp(target, { clock: () => now });
    const { cookie } = await startSession(app);
    const at = (timestamp: string) => ({ ...pageViewed, timestamp });
    const batch = [
      at('0000-01-01T00:00:00+05:30'), stepCompleted, at('9999-12-31T23:59:59-05:00'), at('2019-12-31T23:59:59Z'),
      at('2026-03-04T10:00:00Z'), at('2026-03-02T15:30:00+05:30'), at('2026-03-03T10:00:00Z'),
    ];
    const response = await app.inject(send(batch, cookie));
    expect(response.statusCode, response.body).toBe(200);
    const rule = 'must lie between 2020-01-01 and a day from now';
    expect(response.json()).toEqual({
      accepted: 3,
      rejected: [0, 2, 3, 4].map((index) => ({ index, name: 'page_viewed', error: `events[${index}].timestamp: ${rule}.` })),
    });
    // An offset is kept as the same instant on either database.
    const rows = await database.db.selectFrom('events').select(['name', 'occurred_at']).orderBy('id').execute();
    expect(rows.map((row) => [row.name, row.occurred_at.toISOString()])).toEqual([
      ['form_step_completed', '2026-03-02T10:00:00.000Z'], ['page_viewed', '2026-03-02T10:00:00.000Z'], ['page_viewed', '2026-03-03T10:00:00.000Z'],
    ]);
    // A batch of implausible times only is refused whole, naming them.
    const none = await app.inject(send([at('9999-12-31T23:59:59+14:00')], cookie));
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe(`No event in the batch is valid: events[0].timestamp: ${rule}.`);
  });

  it('refuses the events the server records itself, so a forged purchase adds no revenue', async () => {
    const { app, database } = testApp();
    const { cookie } = await startSession(app);
    const forged = [
      pageViewed,
      { name: 'purchase', timestamp: at, params: { transaction_id: 'cs_forged', value: 4900, currency: 'USD', discount_applied: false } },
      { name: 'referral_converted', timestamp: at, params: { referral_code: 'REFER-ABC123', reward_amount: 5, currency: 'USD' } },
    ];
    const response = await app.inject(send(forged, cookie));
    expect(response.json()).toEqual({
      accepted: 1,
      rejected: [
        { index: 1, name: 'purchase', error: 'events[1]: purchase is recorded by the server from the payment itself.' },
        { index: 2, name: 'referral_converted', error: 'events[2]: referral_converted is recorded by the server from the payment itself.' },
      ],
    });
    expect(await database.db.selectFrom('purchases').selectAll().execute()).toEqual([]);
  });

  it.each([
    ['an empty batch', [], 400, 'body.events: must hold at least one event'],
    ['101 events', Array.from({ length: 101 }, () => pageViewed), 400, 'body.events: must hold at most 100 events'],
    ['only bad events', [{ name: 'page_viewed', timestamp: 'yesterday', params: { page_path: '/' } }], 400, 'No event in the batch is valid: events[0].timestamp: is not in the expected format'],
  ])('refuses %s', async (_label, events, status, error) => {
    const { app } = testApp();
    const response = await app.inject(send(events));
    expect(response.statusCode).toBe(status);
    expect(response.json().error).toBe(error);
  });

  it('reads a sendBeacon body (text/plain) and gives a browser without a session one', async () => {
    const { app, database } = testApp();
    const response = await app.inject(send([pageViewed], undefined, 'text/plain;charset=UTF-8'));
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toMatch(/^sid=.+HttpOnly/);
    expect(await database.db.selectFrom('events').select('name').execute()).toEqual([{ name: 'page_viewed' }]);
  });

  it('takes a beacon\'s key from the query string: the batch sent again either way is stored once', async () => {
    const { app, database } = testApp();
    const { cookie } = await startSession(app);
    const key = randomUUID();
    const beacon = await app.inject({ ...send([pageViewed], cookie, 'text/plain;charset=UTF-8'), url: `/api/events?idempotencyKey=${key}` });
    expect(beacon.statusCode).toBe(200);
    // The same batch from the device's own retry (the key as a header) and from a second beacon: answered, not stored.
    const retried = await app.inject({ ...send([pageViewed], cookie), headers: { ...send([], cookie).headers, 'idempotency-key': key } });
    expect(retried.json()).toEqual(beacon.json());
    expect(retried.headers['idempotent-replayed']).toBe('true');
    const beaconAgain = await app.inject({ ...send([pageViewed], cookie, 'text/plain'), url: `/api/events?idempotencyKey=${key}` });
    expect(beaconAgain.headers['idempotent-replayed']).toBe('true');
    expect(await database.db.selectFrom('events').select('name').execute()).toEqual([{ name: 'page_viewed' }]);
  });

  it('refuses a malformed beacon key, two keys in the query, and a query key unlike the header\'s', async () => {
    const { app, database } = testApp();
    const { cookie } = await startSession(app);
    const other = randomUUID();
    for (const query of ['idempotencyKey=not-a-key', `idempotencyKey=${randomUUID()}&idempotencyKey=${other}`, `idempotencyKey=${randomUUID()}`]) {
      const response = await app.inject({
        ...send([pageViewed], cookie), url: `/api/events?${query}`, headers: { ...send([], cookie).headers, 'idempotency-key': other },
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ code: 'invalid_idempotency_key' });
    }
    expect(await database.db.selectFrom('events').select('name').execute()).toEqual([]);
  });

  it('refuses a batch from another website', async () => {
    const { app } = testApp();
    const response = await app.inject({ ...send([pageViewed]), headers: { origin: 'https://evil.example', 'content-type': 'text/plain' } });
    expect(response.statusCode).toBe(403);
  });
  it('counts purchase_started from every checkout path, the full-price Upgrade (card) included', async () => {
    const { app, database } = testApp();
    const { cookie } = await startSession(app);
    const started = (method: string, value: number) => ({ name: 'purchase_started', timestamp: at, params: { payment_method: method, value, currency: 'USD' } });
    const response = await app.inject(send([started('card', 49), started('discount_code', 29), started('credits', 39)], cookie));
    expect(response.json()).toEqual({ accepted: 3, rejected: [] });
    const counted = await database.db.selectFrom('event_daily').select('value').where('metric', '=', 'purchase_started').execute();
    expect(counted.reduce((sum, row) => sum + Number(row.value), 0)).toBe(3);
  });
});
