// The AI routes with a real model adapter (the AI SDK) talking to a local fake OpenAI-compatible server:
// provider failures reach the browser as readable 429/504/502s, and a stream is written as the model writes it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAiServer, tokens, type FakeOpenAiServer } from '../../ai/fakeOpenAiServer.ts';
import { testDatabases } from '../../databases.ts';
import { buildTestApp, startSession } from '../../helper.ts';
import { bodies, paidSession, parseEvents, post } from '../../routes/aiRequests.ts';

let fake: FakeOpenAiServer;
beforeAll(async () => { fake = await startFakeOpenAiServer(); });
afterAll(async () => { await fake.close(); });
beforeEach(() => { fake.reset(); });

const pglite = testDatabases[0]!;
const withModel = () => buildTestApp(pglite, {
  env: {
    AI_PROVIDER: 'openai-compatible', AI_BASE_URL: fake.baseURL, AI_MODEL: 'fake-model', AI_API_KEY: 'test-key',
    AI_MAX_RETRIES: '0', AI_TIMEOUT_MS: '1000',
  },
});

describe('AI routes over a model provider', () => {
  it('answers topics from the model', async () => {
    const { app } = await withModel();
    const { cookie } = await startSession(app);
    const response = await post(app, '/api/topic-suggestions', cookie, bodies.topics());
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json())).toHaveLength(6);
    expect(fake.requests[0]?.raw).not.toContain(bodies.topics().formData.basicInfo.email);
  });

  it('passes a provider that stays rate limited on as 429 with Retry-After', async () => {
    const { app } = await withModel();
    const { cookie } = await startSession(app);
    fake.enqueue({ kind: 'status', status: 429, headers: { 'retry-after': '7' } });
    const response = await post(app, '/api/topic-suggestions', cookie, bodies.topics());
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({
      error: 'The AI provider is receiving too many requests right now. Please wait a minute and try again.',
      code: 'ai_rate_limited',
    });
    expect(response.headers['retry-after']).toBe('7');
  });

  it('answers 504 when the provider hangs past the timeout, and 502 on its 500', async () => {
    const { app } = await withModel();
    const cookie = await paidSession(app);
    fake.enqueue({ kind: 'hang' });
    const hung = await post(app, '/api/generate-essay', cookie, bodies.essay(), { accept: 'text/event-stream' });
    expect(hung.statusCode).toBe(504);
    expect(hung.json()).toEqual({ error: 'The AI took too long to answer. Please try again.', code: 'ai_timeout' });
    fake.enqueue({ kind: 'status', status: 500 });
    const broken = await post(app, '/api/followup-questions', cookie, bodies.followup());
    expect(broken.statusCode).toBe(502);
    expect(broken.json()).toEqual({ error: 'The AI could not write this right now. Please try again.', code: 'ai_upstream_error' });
  });

  it('ends a stream that breaks midway with an error event', async () => {
    const { app } = await withModel();
    const { cookie } = await startSession(app);
    fake.enqueue({ kind: 'sse', chunks: tokens('I opened the door. '.repeat(5)), hangAfter: true });
    const response = await post(app, '/api/supplemental-essay', cookie, bodies.supplemental(400), { accept: 'text/event-stream' });
    const events = parseEvents(response.body);
    expect(events[0]?.event).toBe('chunk');
    expect(events.at(-1)).toEqual({
      event: 'error', data: { error: 'The AI took too long to answer. Please try again.', code: 'ai_timeout' },
    });
  });

  it('writes each event to the browser as the model produces it', async () => {
    const { app } = await withModel();
    const cookie = await paidSession(app);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const words = tokens('The gym smelled like burnt solder. '.repeat(12));
    fake.enqueue({ kind: 'sse', chunks: words, delayMs: 40 });
    const started = Date.now();
    const response = await fetch(`${base}/api/generate-essay`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', accept: 'text/event-stream', origin: 'http://localhost:8080' },
      body: JSON.stringify(bodies.essay()),
    });
    const reader = response.body!.getReader();
    const first = await reader.read();
    const firstAt = Date.now() - started;
    expect(new TextDecoder().decode(first.value)).toMatch(/^event: chunk/);
    let rest = '';
    for (let next = await reader.read(); !next.done; next = await reader.read()) rest += new TextDecoder().decode(next.value);
    const total = Date.now() - started;
    // The model takes words.length × 40 ms; the first event left long before the last word was written.
    expect(total).toBeGreaterThan(words.length * 40 * 0.9);
    expect(firstAt).toBeLessThan(total / 3);
    expect(rest).toContain('event: done');
  });
});
