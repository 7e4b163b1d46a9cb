// GET /metrics: refused without METRICS_TOKEN or with a wrong one; with it, Prometheus text with requests by
// matched route (never the raw URL), saves and conflicts, AI calls by provider and outcome, 429s, checkouts by
// status from the database, the event loop's delay and the database pool.
import { describe, expect, it, onTestFinished } from 'vitest';
import type { App } from '../../../src/server/app.ts';
import { startFakeOpenAiServer } from '../ai/fakeOpenAiServer.ts';
import { testDatabases } from '../databases.ts';
import { buildTestApp, setPlan, startSession, TEST_ORIGIN } from '../helper.ts';
import { localIdFrom } from '../payments/paymentsApp.ts';
import { bodies } from '../routes/aiRequests.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

const scrape = (app: App, authorization?: string) =>
  app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

/** The value of one sample line, e.g. `essay_form_saves_total{outcome="saved"}`; undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.each(testDatabases)('GET /metrics on $name', (target) => {
  it('is refused when METRICS_TOKEN is not set', async () => {
    const { app } = await buildTestApp(target);
    const response = await scrape(app, `Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'metrics_disabled' });
  });

  it('asks for the token, and refuses a wrong one', async () => {
    const { app } = await buildTestApp(target, { env: { METRICS_TOKEN: TOKEN } });
    const missing = await scrape(app);
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer');
    expect((await scrape(app, 'Bearer not-the-metrics-token-at-all')).statusCode).toBe(401);
    expect((await scrape(app, TOKEN)).statusCode).toBe(401);
  });

  it('counts requests by matched route, saves and conflicts, AI calls, 429s, checkouts and the pool', async () => {
    const { app } = await buildTestApp(target, { env: { METRICS_TOKEN: TOKEN, AI_RATE_LIMIT_PER_BROWSER: '1' } });
    const { cookie } = await startSession(app);
    const headers = { cookie, origin: TEST_ORIGIN };
    const put = (baseRevision: number) => app.inject({
      method: 'PUT', url: '/api/forms/me', headers, payload: { document: bodies.topics().formData, baseRevision },
    });
    expect((await put(0)).statusCode).toBe(200);
    expect((await put(0)).statusCode).toBe(409);
    await app.inject({ method: 'GET', url: '/api/no-such-route-7d1f3a' });
    await app.inject({ method: 'GET', url: '/checkout/local/secret-id-42' });
    const ai = () => app.inject({ method: 'POST', url: '/api/topic-suggestions', headers, payload: bodies.topics() });
    expect((await ai()).statusCode).toBe(200);
    expect((await ai()).statusCode).toBe(429);
    const started = await app.inject({
      method: 'POST', url: '/api/checkout/upgrade', payload: '', headers: { ...headers, accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
    });
    const paid = await app.inject({
      method: 'POST', url: `/checkout/local/${localIdFrom(String(started.headers.location))}/pay`, payload: '',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(paid.statusCode).toBe(303);

    const response = await scrape(app, `Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(sample(text, 'essay_http_requests_total{route="/api/forms/me",method="PUT",status="200"}')).toBe(1);
    expect(sample(text, 'essay_http_requests_total{route="/api/forms/me",method="PUT",status="409"}')).toBe(1);
    expect(sample(text, 'essay_http_requests_total{route="unmatched",method="GET",status="404"}')).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/essay_http_requests_total\{route="\/checkout\/local\/:id",method="GET",status="\d+"\} 1/);
    expect(text).not.toContain('no-such-route-7d1f3a');
    expect(text).not.toContain('secret-id-42');
    expect(text).toMatch(/essay_http_request_duration_seconds_count\{route="\/api\/forms\/me",method="PUT",status="200"\} 1/);
    expect(sample(text, 'essay_form_saves_total{outcome="saved"}')).toBe(1);
    expect(sample(text, 'essay_form_saves_total{outcome="conflict"}')).toBe(1);
    expect(sample(text, 'essay_ai_calls_total{provider="offline",operation="topicSuggestions",outcome="ok"}')).toBe(1);
    expect(sample(text, 'essay_ai_call_duration_seconds_count{provider="offline",operation="topicSuggestions"}')).toBe(1);
    expect(sample(text, 'essay_rate_limit_refusals_total{route="/api/topic-suggestions"}')).toBe(1);
    expect(sample(text, 'essay_checkouts{status="paid"}')).toBe(1);
    expect(sample(text, 'essay_db_pool_size')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'essay_db_pool_in_use')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
  });

  it('times a streamed essay until its last chunk and counts it as ok', async () => {
    const { app } = await buildTestApp(target, { env: { METRICS_TOKEN: TOKEN } });
    const { uid, cookie } = await startSession(app);
    expect((await setPlan(app, uid, 'paid')).statusCode).toBe(200);
    const essay = await app.inject({
      method: 'POST', url: '/api/generate-essay', payload: bodies.essay(),
      headers: { cookie, origin: TEST_ORIGIN, accept: 'text/event-stream' },
    });
    expect(essay.body).toContain('event: done');
    const text = (await scrape(app, `Bearer ${TOKEN}`)).body;
    expect(sample(text, 'essay_ai_calls_total{provider="offline",operation="essay",outcome="ok"}')).toBe(1);
    expect(sample(text, 'essay_ai_call_duration_seconds_count{provider="offline",operation="essay"}')).toBe(1);
  });

  it('counts a failing provider as failed, by provider', async () => {
    const fake = await startFakeOpenAiServer();
    onTestFinished(() => fake.close());
    const { app } = await buildTestApp(target, {
      env: {
        METRICS_TOKEN: TOKEN, AI_PROVIDER: 'openai-compatible', AI_BASE_URL: fake.baseURL, AI_MODEL: 'fake-model',
        AI_API_KEY: 'test-key', AI_MAX_RETRIES: '0',
      },
    });
    const { cookie } = await startSession(app);
    fake.enqueue({ kind: 'status', status: 500 }, { kind: 'status', status: 500 }, { kind: 'status', status: 500 });
    const failed = await app.inject({
      method: 'POST', url: '/api/topic-suggestions', headers: { cookie, origin: TEST_ORIGIN }, payload: bodies.topics(),
    });
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    const text = (await scrape(app, `Bearer ${TOKEN}`)).body;
    expect(sample(text, 'essay_ai_calls_total{provider="openai-compatible",operation="topicSuggestions",outcome="failed"}')).toBe(1);
  });
});
