// A model slower than the shutdown: calls still waiting for it when the drain deadline nears are stopped, so their
// requests answer over HTTP while the connections are open (topics and essays: 503 shutting_down with Retry-After;
// the coach: its offline review) and the drain ends idle, instead of the deadline cutting the connections ("socket hang up").
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { analyseDraft } from '../../../src/common/coach/index.ts';
import { createAiSdkAdapter } from '../../../src/server/ai/sdk/adapter.ts';
import { createLifecycle, MODEL_CUTOFF_MARGIN_MS } from '../../../src/server/lifecycle/drain.ts';
import { PLANTED_DRAFTS } from '../../fixtures/coachDrafts.ts';
import { testDatabases } from '../databases.ts';
import { buildTestApp, startSession, TEST_ORIGIN } from '../helper.ts';
import { bodies, paidSession } from '../routes/aiRequests.ts';

const pglite = testDatabases[0]!;
const SHUTDOWN_DEADLINE_MS = MODEL_CUTOFF_MARGIN_MS + 1_000;

describe('the model calls at shutdown', () => {
  it('are stopped before the deadline, so each request in flight answers and the drain ends idle', async () => {
    // A model that answers only when aborted, with a minute's timeout of its own (the default AI_TIMEOUT_MS).
    const never = ({ abortSignal }: { abortSignal?: AbortSignal }) =>
      new Promise<never>((_, reject) => abortSignal?.addEventListener('abort', () => reject(abortSignal.reason)));
    const model = new MockLanguageModelV3({ doGenerate: never, doStream: never });
    const ai = createAiSdkAdapter({ provider: 'openai', model: 'gpt-test', languageModel: model, timeoutMs: 60_000 });
    const lifecycle = createLifecycle();
    const { app } = await buildTestApp(pglite, { ai, lifecycle });
    const { cookie } = await startSession(app);
    const headers = { cookie, origin: TEST_ORIGIN };
    const paid = { cookie: await paidSession(app), origin: TEST_ORIGIN };
    const draft = PLANTED_DRAFTS[1]!.draft;
    const topics = app.inject({ method: 'POST', url: '/api/topic-suggestions', headers, payload: bodies.topics() });
    const coach = app.inject({ method: 'POST', url: '/api/coach/review', headers, payload: { kind: 'personal', draft } });
    const essay = app.inject({ method: 'POST', url: '/api/generate-essay', headers: paid, payload: bodies.essay() });
    while (model.doGenerateCalls.length < 2 || model.doStreamCalls.length < 1) await new Promise((resolve) => setTimeout(resolve, 10));

    const started = performance.now();
    const drained = lifecycle.drain(SHUTDOWN_DEADLINE_MS);
    for (const stopped of [await topics, await essay]) {
      expect(stopped.statusCode, stopped.body).toBe(503);
      expect(stopped.headers['retry-after']).toBe('1');
      expect(stopped.json()).toEqual({ code: 'shutting_down', error: 'This server is restarting. Please try again in a moment.' });
    }
    expect((await coach).json()).toEqual(analyseDraft({ kind: 'personal', draft }));
    // At the cutoff (the deadline less the margin), well before the deadline closes the connections.
    expect(performance.now() - started).toBeLessThan(SHUTDOWN_DEADLINE_MS - 500);
    expect(await drained).toBe(true);
  }, 60_000);
});
