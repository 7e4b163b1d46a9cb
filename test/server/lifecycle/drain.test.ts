// Rolling restarts: readiness turns 503 the moment draining starts while liveness stays 200, new API calls are
// refused with a retryable 503, requests in flight finish, and a real process given SIGTERM during an essay
// stream sends the whole essay before it exits.
import { describe, expect, it, onTestFinished } from 'vitest';
import { createLifecycle } from '../../../src/server/lifecycle/drain.ts';
import { startFakeOpenAiServer, tokens } from '../ai/fakeOpenAiServer.ts';
import { parseEvents, student } from '../routes/aiRequests.ts';
import { testDatabases } from '../databases.ts';
import { buildTestApp, TEST_ADMIN_TOKEN } from '../helper.ts';
import { processSteps } from '../../setup/processStep.ts';
import { Browser, startServer, stopServer } from '../serverProcess.ts';
import { migratedDataDir } from '../serverDataDir.ts';
import { testRoute } from '../limits/testRouteBudget.ts';

const pglite = testDatabases[0]!;

describe('draining an instance (in process)', () => {
  it('turns readiness 503 at once, keeps liveness, refuses new API calls and waits for the ones in flight', async () => {
    const lifecycle = createLifecycle();
    const built = await buildTestApp(pglite, { lifecycle });
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    built.app.get('/api/test/slow', testRoute, async () => {
      await released;
      return { finished: true };
    });
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(built.app.server.address() as { port: number }).port}`;

    expect((await fetch(`${base}/api/ready`)).status).toBe(200);
    const slow = fetch(`${base}/api/test/slow`);
    while (lifecycle.inFlight === 0) await new Promise((resolve) => setTimeout(resolve, 10));

    let drained = false;
    const draining = lifecycle.drain(10_000).then((idle) => {
      drained = true;
      return idle;
    });
    const ready = await fetch(`${base}/api/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({ code: 'shutting_down' });
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
    const refused = await fetch(`${base}/api/whoami`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toMatchObject({ code: 'shutting_down' });
    expect(drained).toBe(false);

    release();
    const answer = await slow;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ finished: true });
    expect(await draining).toBe(true);
  });

  it('gives up waiting at the deadline', async () => {
    const lifecycle = createLifecycle();
    const { app } = await buildTestApp(pglite, { lifecycle });
    app.get('/api/test/never', testRoute, () => new Promise(() => undefined));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const controller = new AbortController();
    onTestFinished(() => controller.abort());
    void fetch(`${base}/api/test/never`, { signal: controller.signal }).catch(() => undefined);
    while (lifecycle.inFlight === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const started = Date.now();
    expect(await lifecycle.drain(300)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });
});

describe('SIGTERM on a real server process', () => {
  it('lets an essay stream in progress finish, with readiness 503 and liveness 200 meanwhile, then exits 0', async () => {
    const fake = await startFakeOpenAiServer();
    onTestFinished(() => fake.close());
    const server = await startServer({
      env: {
        DATA_DIR: await migratedDataDir('essay-drain-'),
        ADMIN_TOKEN: TEST_ADMIN_TOKEN, LOG_LEVEL: 'info', SHUTDOWN_DEADLINE: '20s',
        AI_PROVIDER: 'openai-compatible', AI_BASE_URL: fake.baseURL, AI_MODEL: 'fake-model', AI_API_KEY: 'test-key',
      },
    });
    onTestFinished(async () => {
      await stopServer(server);
    });
    const browser = new Browser(server.origin);
    const uid = await browser.startSession(server);
    const granted = await fetch(server.url('/api/admin/entitlements'), {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'content-type': 'application/json', origin: server.origin },
      body: JSON.stringify({ uid, plan: 'paid', reason: 'test' }),
    });
    expect(granted.status).toBe(200);

    // About 3 s of essay: 30 tokens, 100 ms apart.
    const words = tokens('I learned to listen before I spoke. '.repeat(5));
    fake.enqueue({ kind: 'sse', chunks: words, delayMs: 100 });
    const response = await fetch(server.url('/api/generate-essay'), {
      method: 'POST',
      headers: {
        origin: server.origin, cookie: browser.cookie, 'content-type': 'application/json', accept: 'text/event-stream',
      },
      body: JSON.stringify({
        formData: student.form, selectedPrompt: student.prompt, selectedIdea: student.idea,
        followUpResponses: student.followUpResponses,
      }),
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let body = decoder.decode((await reader.read()).value);
    expect(body).toContain('event: chunk');

    server.child.kill('SIGTERM');
    let ready: Response | undefined;
    for (let attempt = 0; attempt < 50 && ready?.status !== 503; attempt += 1) {
      ready = await fetch(server.url('/api/ready'));
      if (ready.status !== 503) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(ready?.status).toBe(503);
    expect((await fetch(server.url('/api/health'))).status).toBe(200);

    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      body += decoder.decode(value, { stream: true });
    }
    const events = parseEvents(body);
    expect(events.at(-1)?.event).toBe('done');
    const essay = (events.at(-1)?.data as { essay: string }).essay;
    expect(essay).toBe(words.join('').trim());
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('SIGTERM received: draining (1 requests in flight)');
  }, processSteps(3)); // the saved database, the server's start, its drain
});
