// "Ask the coach" with a model: the AI SDK adapter on the SDK's own mock model, behind the real routes on PGlite
// and PostgreSQL. The model's usable questions are merged into the offline review (engine 'model'); a quote
// that is not the student's and a question that offers wording are dropped; a model that fails, hangs, stays
// rate limited, or is past the browser's allowance leaves the offline review, never a failed call.
import { APICallError } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { analyseDraft } from '../../../../src/common/coach/index.ts';
import { coachQuestionsSchema, coachReviewSchema } from '../../../../src/common/coach/schema.ts';
import { createAiSdkAdapter } from '../../../../src/server/ai/sdk/adapter.ts';
import { PLANTED_DRAFTS } from '../../../fixtures/coachDrafts.ts';
import { testDatabases } from '../../databases.ts';
import { buildTestApp, startSession, TEST_ORIGIN } from '../../helper.ts';
import { studentTextLogs } from '../../studentTextLogs.ts';
import { student } from '../../routes/aiRequests.ts';

type GenerateResult = Awaited<ReturnType<MockLanguageModelV3['doGenerate']>>;

const usage = {
  inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 10, text: 10, reasoning: undefined },
};
const answered = (comments: unknown[]): GenerateResult => ({
  content: [{ type: 'text', text: JSON.stringify({ comments }) }], finishReason: { unified: 'stop', raw: undefined }, usage, warnings: [],
});

const draft = PLANTED_DRAFTS[1]!.draft; // a feeling named in paragraph 1
const [first, second] = draft.split('\n\n');
const offline = analyseDraft({ kind: 'personal', draft, material: { form: student.form, followUpResponses: student.form.followUpResponses } });

const GOOD = { paragraph: 0, kind: 'specificity', quote: 'a coach named Dolores', question: 'What did Dolores say to you on the first Saturday?' };
const NOT_THEIRS = { paragraph: 1, kind: 'voice', quote: 'I was terrified of the judges', question: 'What did the judges look like?' };
const REWRITE = { paragraph: 1, kind: 'specificity', quote: 'under second chair', question: 'Try: "I found my name, one line below Marcus" instead?' };

const apiError = (statusCode: number) => new APICallError({
  message: `status ${statusCode}`, url: 'https://provider.test/v1/chat/completions', requestBodyValues: {}, statusCode,
  responseHeaders: { 'retry-after': '1' }, isRetryable: statusCode === 429 || statusCode >= 500,
});

describe.each(testDatabases)('the coach with a model on $name', (target) => {
  const logs = studentTextLogs(); // no log line holds the draft, whatever the model answers
  const setup = async (model: MockLanguageModelV3, env: Record<string, string> = {}) => {
    const ai = createAiSdkAdapter({
      provider: 'openai', model: 'gpt-test', languageModel: model, timeoutMs: 1000, maxRetries: 1, sleep: async () => undefined,
    });
    const { app } = await buildTestApp(target, { ai, env, logs });
    const { cookie } = await startSession(app);
    const ask = async () => {
      const response = await app.inject({
        method: 'POST', url: '/api/coach/review', headers: { cookie, origin: TEST_ORIGIN },
        payload: { kind: 'personal', draft, formData: student.form },
      });
      expect(response.statusCode, response.body).toBe(200);
      return coachReviewSchema.parse(response.json());
    };
    const status = async () => (await app.inject({ method: 'GET', url: '/api/coach/status', headers: { cookie } })).json();
    /** "Ask the coach" as the page sends it: the model's questions alone. */
    const questions = async () => {
      const response = await app.inject({
        method: 'POST', url: '/api/coach/questions', headers: { cookie, origin: TEST_ORIGIN },
        payload: { kind: 'personal', draft, formData: student.form },
      });
      expect(response.statusCode, response.body).toBe(200);
      return coachQuestionsSchema.parse(response.json());
    };
    return { app, cookie, ask, status, questions };
  };

  it('merges the model\'s usable questions; drops a quote not in the text and a rewrite', async () => {
    const model = new MockLanguageModelV3({ doGenerate: answered([GOOD, NOT_THEIRS, REWRITE]) });
    const { ask, status } = await setup(model);
    const review = await ask();
    expect(review.engine).toBe('model');
    const fromModel = review.paragraphs.flatMap((paragraph) => paragraph.comments.filter((comment) => comment.source === 'model')
      .map((comment) => ({ paragraph: paragraph.index, ...comment })));
    expect(fromModel).toEqual([{ ...GOOD, source: 'model' }]);
    // The rules' own questions stay, under the same cap.
    expect(review.paragraphs[1]!.comments).toEqual(offline.paragraphs[1]!.comments);
    for (const paragraph of review.paragraphs) expect(paragraph.comments.length).toBeLessThanOrEqual(3);
    expect(await status()).toEqual({ model: { engine: 'openai', name: 'gpt-test', left: 19, limit: 20 } });
  });

  it('answers the page\'s ask with the model\'s gated questions alone, and none when the model fails', async () => {
    const { questions, status } = await setup(new MockLanguageModelV3({ doGenerate: answered([GOOD, NOT_THEIRS, REWRITE]) }));
    expect(await questions()).toEqual({ engine: 'model', comments: [GOOD] });
    expect(await status()).toEqual({ model: { engine: 'openai', name: 'gpt-test', left: 19, limit: 20 } });
    const failing = await setup(new MockLanguageModelV3({ doGenerate: async () => { throw apiError(500); } }));
    expect(await failing.questions()).toEqual({ engine: 'offline', comments: [] });
  });

  it('with no length check, tells the model so and drops a length question it asks anyway', async () => {
    const LENGTH = { paragraph: 0, kind: 'length', quote: first!.slice(0, 30), question: 'Which of these words could go?' };
    const model = new MockLanguageModelV3({ doGenerate: answered([GOOD, LENGTH]) });
    const { app, cookie } = await setup(model);
    const ask = async (wordLimit: number | null) => {
      const response = await app.inject({
        method: 'POST', url: '/api/coach/questions', headers: { cookie, origin: TEST_ORIGIN },
        payload: { kind: 'supplemental', draft, prompt: 'Tell us about a community you belong to.', wordLimit },
      });
      expect(response.statusCode, response.body).toBe(200);
      return coachQuestionsSchema.parse(response.json());
    };
    expect(await ask(null)).toEqual({ engine: 'model', comments: [GOOD] });
    expect(JSON.stringify(model.doGenerateCalls[0]!.prompt)).toContain('ask nothing about length');
    expect(await ask(250)).toEqual({ engine: 'model', comments: [GOOD, LENGTH] });
    expect(JSON.stringify(model.doGenerateCalls[1]!.prompt)).not.toContain('ask nothing about length');
  });

  it('sends the model the draft fenced as data and the profile without the name or the e-mail', async () => {
    const model = new MockLanguageModelV3({ doGenerate: answered([]) });
    const { ask } = await setup(model);
    await ask();
    const prompt = JSON.stringify(model.doGenerateCalls[0]!.prompt);
    expect(prompt).toContain('<student_data>');
    expect(prompt).toContain(JSON.stringify(first).slice(1, 40));
    expect(prompt).toContain('Ask, never rewrite');
    const [firstName, ...rest] = student.form.basicInfo.fullName.split(' ');
    for (const secret of [student.form.basicInfo.email, firstName!, ...rest]) expect(prompt).not.toContain(secret);
    expect(second).toBeDefined();
  });

  it.each([
    ['fails (500)', () => new MockLanguageModelV3({ doGenerate: async () => { throw apiError(500); } })],
    ['stays rate limited (429)', () => new MockLanguageModelV3({ doGenerate: async () => { throw apiError(429); } })],
    ['answers what is not JSON', () => new MockLanguageModelV3({ doGenerate: { ...answered([]), content: [{ type: 'text', text: 'Sure! Here are my thoughts.' }] } })],
    ['hangs past its timeout', () => new MockLanguageModelV3({
      doGenerate: ({ abortSignal }) => new Promise((_, reject) => abortSignal?.addEventListener('abort', () => reject(abortSignal.reason))),
    })],
  ])('answers the offline review when the model %s', async (_case, model) => {
    const { ask } = await setup(model());
    expect(await ask()).toEqual(offline);
  });

  it.each([
    ['JSON that does not fit the schema', JSON.stringify({ comments: [{ paragraph: 0, kind: 'specificity', quote: first, question: 7 }] })],
    ['text that is not JSON', `Here is the student's first paragraph: ${first}`],
  ])('logs that the model\'s answer was unusable, never the answer: %s, quoting the draft', async (_case, text) => {
    const model = new MockLanguageModelV3({ doGenerate: { ...answered([]), content: [{ type: 'text', text }] } });
    const { ask } = await setup(model);
    expect(await ask()).toEqual(offline);
    expect(model.doGenerateCalls).toHaveLength(2); // the answer and its repair
    const warned = logs.lines.filter((line) => line.includes('the coach answered without the model'));
    expect(warned.at(-1)).toContain('ai_invalid_output');
    logs.expectNone();
  });

  it('counts "Ask the coach" and a review with the model as AI calls: past the browser\'s AI limit a 429, a plain call still answered', async () => {
    const model = new MockLanguageModelV3({ doGenerate: answered([GOOD]) });
    const { app, cookie, ask, questions } = await setup(model, { AI_RATE_LIMIT_PER_BROWSER: '2' });
    expect((await ask()).engine).toBe('model');
    expect((await questions()).engine).toBe('model');
    for (const url of ['/api/coach/questions', '/api/coach/review']) {
      const refused = await app.inject({
        method: 'POST', url, headers: { cookie, origin: TEST_ORIGIN }, payload: { kind: 'personal', draft, formData: student.form },
      });
      expect(refused.statusCode, url).toBe(429);
      expect(refused.json()).toEqual({
        error: 'You are asking for a lot of writing very quickly. Please wait a minute and try again.', code: 'ai_too_fast',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(model.doGenerateCalls).toHaveLength(2);
    expect((await app.inject({ method: 'GET', url: '/api/whoami', headers: { cookie } })).statusCode).toBe(200);
  });

  it('keeps to the browser\'s daily allowance of model reviews, then answers offline', async () => {
    const model = new MockLanguageModelV3({ doGenerate: answered([GOOD]) });
    const { ask, status } = await setup(model, { COACH_MODEL_DAILY_QUOTA: '1' });
    expect((await ask()).engine).toBe('model');
    expect(await ask()).toEqual(offline);
    expect(model.doGenerateCalls).toHaveLength(1);
    expect(await status()).toMatchObject({ model: { left: 0, limit: 1 } });
  });
});
