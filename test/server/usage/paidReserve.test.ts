// The share of a network's daily AI budget kept for paid essays (AI_PAID_RESERVE_PERCENT, 25 by default), through
// the real routes and a model behind a local fake provider: a network asking the coach for free stops at its
// free share, and its paid students' essays are still written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../ai/fakeOpenAiServer.ts';
import { testDatabases } from '../databases.ts';
import { buildTestApp, startSession, TEST_ORIGIN } from '../helper.ts';
import { bodies, paidSession, post, student } from '../routes/aiRequests.ts';
import { PLANTED_DRAFTS } from '../../fixtures/coachDrafts.ts';

let fake: FakeOpenAiServer;
beforeAll(async () => { fake = await startFakeOpenAiServer(); });
afterAll(async () => { await fake.close(); });

describe.each(testDatabases)('the paid reserve of the daily AI budget on $name', (target) => {
  it('stops a network\'s free asks at 3 of a budget of 4, and its paid essay is still written', async () => {
    fake.reset();
    const { app } = await buildTestApp(target, {
      env: {
        AI_PROVIDER: 'openai-compatible', AI_BASE_URL: fake.baseURL, AI_MODEL: 'fake-model', AI_API_KEY: 'test-key',
        AI_MAX_RETRIES: '0', AI_TIMEOUT_MS: '5000', AI_DAILY_BUDGET_PER_IP: '4',
      },
    });
    const ask = async () => {
      const { cookie } = await startSession(app); // a fresh browser each time: only the network's budget counts
      const response = await app.inject({
        method: 'POST', url: '/api/coach/questions', headers: { cookie, origin: TEST_ORIGIN },
        payload: { kind: 'personal', draft: PLANTED_DRAFTS[1]!.draft, formData: student.form },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ engine: string }>().engine;
    };
    const engines = [];
    for (let n = 0; n < 6; n += 1) engines.push(await ask());
    // Past the free share the coach answers without the model, as it does past any allowance.
    expect(engines).toEqual(['model', 'model', 'model', 'offline', 'offline', 'offline']);
    expect(fake.requests).toHaveLength(3);
    const { cookie } = await startSession(app);
    const topics = await post(app, '/api/topic-suggestions', cookie, bodies.topics());
    expect(topics.statusCode).toBe(429);
    expect(topics.json()).toMatchObject({ code: 'ai_network_daily_budget' });
    const essay = await post(app, '/api/generate-essay', await paidSession(app), bodies.essay());
    expect(essay.statusCode, essay.body).toBe(200);
    expect(essay.json()).toMatchObject({ engine: 'openai-compatible' });
    // The reserve is the paid essays' own: past the whole budget they are refused too.
    const another = await post(app, '/api/generate-essay', await paidSession(app), bodies.essay());
    expect(another.json()).toMatchObject({ code: 'ai_network_daily_budget' });
  });
});
