// The essay calls on the real app: the paid plan check, JSON and Server-Sent Events, the supplemental word
// count and its daily quota, on PGlite and PostgreSQL with the offline composer.
import { describe, expect, it } from 'vitest';
import { countWords } from '../../../../src/common/text/wordCount.ts';
import { testDatabases } from '../../databases.ts';
import { buildTestApp, startSession } from '../../helper.ts';
import { studentTextLogs } from '../../studentTextLogs.ts';
import { useTestApp } from '../../useTestApp.ts';
import { bodies, paidSession, parseEvents, post } from '../../routes/aiRequests.ts';

const SSE = { accept: 'text/event-stream', 'accept-encoding': 'gzip, br' };

describe.each(testDatabases)('POST /api/generate-essay on $name', (target) => {
  const logs = studentTextLogs(); // no log line holds the profile or answers the suite sent
  const testApp = useTestApp(target, { logs });
  it('answers 402 with ‘Upgrade required to generate your essay.’ unless the browser’s plan is paid', async () => {
    const { app } = testApp();
    const { cookie } = await startSession(app);
    const response = await post(app, '/api/generate-essay', cookie, bodies.essay());
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ error: 'Upgrade required to generate your essay.', code: 'payment_required' });
  });

  it('writes a paid student an essay of at most 650 words, with notes kept apart', async () => {
    const { app } = testApp();
    const cookie = await paidSession(app);
    const response = await post(app, '/api/generate-essay', cookie, bodies.essay());
    expect(response.statusCode).toBe(200);
    const { essay, notes, engine } = response.json<{ essay: string; notes: string[]; engine: string }>();
    expect(countWords(essay)).toBeGreaterThan(300);
    expect(countWords(essay)).toBeLessThanOrEqual(650);
    expect(Array.isArray(notes)).toBe(true);
    expect(engine).toBe('offline');
    const regenerated = (await post(app, '/api/generate-essay', cookie, bodies.essay(1))).json<{ essay: string }>().essay;
    expect(regenerated).not.toBe(essay);
  });

  it('streams the same essay as Server-Sent Events, uncompressed', async () => {
    const { app } = testApp();
    const cookie = await paidSession(app);
    const json = (await post(app, '/api/generate-essay', cookie, bodies.essay())).json<{ essay: string }>();
    const response = await post(app, '/api/generate-essay', cookie, bodies.essay(), SSE);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
    const events = parseEvents(response.body);
    const chunks = events.filter((e) => e.event === 'chunk').map((e) => (e.data as { text: string }).text);
    expect(chunks.length).toBeGreaterThan(5);
    expect(chunks.join('')).toBe(json.essay);
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { essay: json.essay, engine: 'offline' } });
  });

  it('refuses the free plan before streaming too', async () => {
    const { app } = testApp();
    const { cookie } = await startSession(app);
    const response = await post(app, '/api/generate-essay', cookie, bodies.essay(), SSE);
    expect(response.statusCode).toBe(402);
    expect(response.headers['content-type']).toMatch(/application\/json/);
  });
});

describe.each(testDatabases)('POST /api/supplemental-essay on $name', (target) => {
  const logs = studentTextLogs();
  const testApp = useTestApp(target, { logs });
  it('is free and writes within 10% under the requested word count', async () => {
    const { app } = testApp();
    const { cookie } = await startSession(app);
    const response = await post(app, '/api/supplemental-essay', cookie, bodies.supplemental(250));
    expect(response.statusCode).toBe(200);
    const { essay, quota } = response.json<{ essay: string; quota: { limit: number; remaining: number } }>();
    expect(countWords(essay)).toBeGreaterThanOrEqual(225);
    expect(countWords(essay)).toBeLessThanOrEqual(250);
    expect(quota).toEqual({ limit: 10, remaining: 9 });
  });

  it('explains the per-browser daily quota when it is used up, and resets the next day', async () => {
    let now = new Date('2026-03-01T22:00:00Z');
    const { app } = await buildTestApp(target, { env: { SUPPLEMENTAL_DAILY_QUOTA: '2' }, clock: () => now, logs });
    const { cookie } = await startSession(app);
    for (const remaining of [1, 0]) {
      const ok = await post(app, '/api/supplemental-essay', cookie, bodies.supplemental(100));
      expect(ok.json().quota).toEqual({ limit: 2, remaining });
    }
    const refused = await post(app, '/api/supplemental-essay', cookie, bodies.supplemental(100), SSE);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: "Supplemental essays are free, up to 2 a day on each browser, and you have used today's. You can write more tomorrow.",
      code: 'supplemental_quota',
    });
    expect(refused.headers['retry-after']).toBe(String(2 * 60 * 60));
    const other = await startSession(app);
    expect((await post(app, '/api/supplemental-essay', other.cookie, bodies.supplemental(100))).statusCode).toBe(200);
    now = new Date('2026-03-02T00:00:01Z');
    expect((await post(app, '/api/supplemental-essay', cookie, bodies.supplemental(100))).json().quota).toEqual({ limit: 2, remaining: 1 });
  });
});
