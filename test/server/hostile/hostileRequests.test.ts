// The hostile requests one visitor could send, each answered with a readable 4xx (or, for a student's own
// document, repaired and stored), never a 500.
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '../../../src/server/app.ts';
import type { AiPort, EssayInput } from '../../../src/server/ai/index.ts';
import { migrate } from '../../../src/server/db/migrate.ts';
import { createComposer } from '../../../src/server/ai/composer/index.ts';
import { STUDENT_TEXT_BUDGET } from '../../../src/server/ai/textBudget.ts';
import { codePointLength } from '../../../src/common/text/codePoints.ts';
import { type FormDocument } from '../../../src/common/questionnaire/formDocument.ts';
import { emptyFormDocument } from '../../../src/common/questionnaire/formDocumentDefaults.ts';
import { fullDocument } from '../../app/fixtures.ts';
import { loopCpuMs } from './loopBlockMeter.ts';
import { testDatabases } from '../databases.ts';
import { startSession, TEST_ADMIN_TOKEN, TEST_ORIGIN, testConfig } from '../helper.ts';
import { useTestApp } from '../useTestApp.ts';
import { bodies, paidSession } from '../routes/aiRequests.ts';

const nested = (depth: number): string => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

function totalText(value: unknown): number {
  if (typeof value === 'string') return codePointLength(value);
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + totalText(item), 0);
  if (value !== null && typeof value === 'object') return Object.values(value).reduce((sum: number, item) => sum + totalText(item), 0);
  return 0;
}

describe.each(testDatabases)('hostile requests on $name', (target) => {
  // One app for the describe, its tables emptied and its limits forgotten before each test.
  const testApp = useTestApp(target);
  const setup = async () => {
    const { app, database } = testApp();
    const { uid, cookie } = await startSession(app);
    const send = (method: 'POST' | 'PUT', url: string, payload: string | object, extra: Record<string, string> = {}) =>
      app.inject({ method, url, headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json', ...extra }, payload });
    return { app, database, uid, cookie, send };
  };

  it('refuses a body nested deeper than the contract allows with 400, before parsing (20,000 levels)', async () => {
    const { send } = await setup();
    const deep = `{"document":${nested(20_000)},"baseRevision":0}`;
    const response = await send('PUT', '/api/forms/me', deep);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'too_deeply_nested' });
    expect(response.json().error).toMatch(/nests objects or lists more than 8 levels deep/);
    // The deepest shape the contract has still passes (a document's activity years: 5 levels).
    const form = emptyFormDocument();
    form.activitiesAndInvolvement.activities = [{ ...fullDocument().activitiesAndInvolvement.activities[0]!, years: ['9th'] }];
    expect((await send('PUT', '/api/forms/me', { document: form, baseRevision: 0 })).statusCode).toBe(200);
  });

  it('gives each route the body limit its schema allows: a small call gets a small one, with a readable 413', async () => {
    const { send } = await setup();
    const email = `a@${'.'.repeat(40_000)}@`;
    const response = await send('POST', '/api/validate-discount', { code: 'LAUNCH2024-ABCDEF', user_email: email });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 'payload_too_large', error: expect.stringMatching(/^The request body is too large: the limit is \d+ KB\.$/) });
    expect(Number(/(\d+) KB/.exec(response.json().error)?.[1])).toBeLessThan(8);
    // The AI calls carry the whole form: theirs stays large.
    const aiCall = await send('POST', '/api/topic-suggestions', { formData: fullDocument(), padding: 'x'.repeat(300_000) });
    expect(aiCall.statusCode).toBe(400);
  });

  it('checks the length before the e-mail pattern: a 254+ character address is refused at once', async () => {
    const { send } = await setup();
    // This process's CPU time (the app runs in it): another process taking the core does not count.
    const started = loopCpuMs();
    const response = await send('POST', '/api/validate-discount', { code: 'X', user_email: `a@${'.'.repeat(1000)}` });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('body.user_email: must be at most 254 characters long');
    expect(loopCpuMs() - started).toBeLessThan(200);
  });

  it('counts limits in code points: 300 emoji fit a 300-character name, 301 do not', async () => {
    const { send } = await setup();
    const form = (name: string): FormDocument => ({ ...emptyFormDocument(), basicInfo: { fullName: name, email: '' } });
    expect((await send('PUT', '/api/forms/me', { document: form('😀'.repeat(300)), baseRevision: 0 })).statusCode).toBe(200);
    const over = await send('PUT', '/api/forms/me', { document: form('😀'.repeat(301)), baseRevision: 1 });
    expect(over.statusCode).toBe(400);
    expect(over.json().error).toBe('body.document.basicInfo.fullName: must be at most 300 characters long');
  });

  it('repairs NUL and half an emoji in a form document to U+FFFD and stores it', async () => {
    const { send, app, cookie } = await setup();
    const form = fullDocument();
    form.personalInsights.happy = `${'a'.repeat(498)}\ud83d`;
    form.personalInsights.lesson = 'before\u0000after';
    form.followUpResponses = { 'Half \udc00 key?': 'fine' };
    const saved = await send('PUT', '/api/forms/me', { document: form, baseRevision: 0 });
    expect(saved.statusCode).toBe(200);
    const stored = (await app.inject({ method: 'GET', url: '/api/forms/me', headers: { cookie } })).json().document as FormDocument;
    expect(stored.personalInsights.happy).toBe(`${'a'.repeat(498)}\ufffd`);
    expect(stored.personalInsights.lesson).toBe('before\ufffdafter');
    expect(stored.followUpResponses).toEqual({ 'Half \ufffd key?': 'fine' });
  });

  it('refuses NUL and lone surrogates elsewhere with a 400 naming the field (feedback)', async () => {
    const { send } = await setup();
    const feedback = { type: 'bug', rating: 3, message: 'broken\u0000here', email: null, page: 'form', url: '/form', user_agent: 'test' };
    const nul = await send('POST', '/api/feedback/submit', feedback);
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ code: 'invalid_text', error: 'body.message: contains a character that cannot be stored (a NUL character or half of an emoji).' });
    const half = await send('POST', '/api/feedback/submit', { ...feedback, message: 'ok', page: 'x\ud800' });
    expect(half.json().error).toMatch(/^body\.page: /);
    expect((await send('POST', '/api/feedback/submit', { ...feedback, message: 'emoji 😀 and שלום are fine' })).statusCode).toBe(200);
  });

  it('answers 400, not 500, when the database refuses a text (a NUL in a query string)', async () => {
    const { app } = await setup();
    const response = await app.inject({ method: 'GET', url: '/api/admin/support?q=a%00b%40c.de', headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` } });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('invalid_text');
  });

  it('caps the follow-up answers a body may carry at 20, with a readable 400', async () => {
    const { send } = await setup();
    const answers = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`Question ${i}?`, 'An answer.']));
    const body = (count: number) => ({ ...bodies.supplemental(), formData: { ...bodies.supplemental().formData, followUpResponses: answers(count) } });
    expect((await send('POST', '/api/supplemental-essay', body(20))).statusCode).toBe(200);
    const over = await send('POST', '/api/supplemental-essay', body(150));
    expect(over.statusCode).toBe(400);
    expect(over.json().error).toBe('body.formData.followUpResponses: must hold at most 20 answers');
  });

  it('writes topics for an insight of 480 characters without a space (the composer cuts long words)', async () => {
    const { send } = await setup();
    const form = fullDocument();
    form.personalInsights.happy = 'x'.repeat(480);
    form.activitiesAndInvolvement.activities[0]!.otherCategory = 'y'.repeat(300);
    form.academics.majors = ['m'.repeat(300)];
    const response = await send('POST', '/api/topic-suggestions', { formData: form });
    expect(response.statusCode).toBe(200);
  });

  it('trims the student text one AI call hands the engine to the budget, never refusing the call', async () => {
    const seen: EssayInput[] = [];
    const composer = createComposer();
    const spy: AiPort = { ...composer, essay: (input, options) => { seen.push(input); return composer.essay(input, options); } };
    const database = await target.open();
    await migrate(database.db);
    const app = await buildApp({ config: testConfig(), db: database, ai: spy });
    onTestFinished(() => app.close());
    const cookie = await paidSession(app);
    const form = fullDocument();
    form.supplementalEssays = Array.from({ length: 12 }, () => ({ prompt: 'p'.repeat(4000), wordCount: 250, generatedEssay: 'e '.repeat(8000) }));
    const followUpResponses = { 'What changed?': 'It all changed. '.repeat(300) };
    const body = { formData: form, selectedPrompt: '1', selectedIdea: 'An idea', followUpResponses };
    expect(totalText(body)).toBeGreaterThan(STUDENT_TEXT_BUDGET * 1.5);
    const response = await app.inject({ method: 'POST', url: '/api/generate-essay', headers: { cookie, origin: TEST_ORIGIN }, payload: body });
    expect(response.statusCode).toBe(200);
    expect(seen).toHaveLength(1);
    const input = seen[0]!;
    expect(totalText({ form: input.form, prompt: input.prompt, idea: input.idea, answers: input.followUpResponses })).toBeLessThanOrEqual(STUDENT_TEXT_BUDGET);
    // The short answers stay whole: the longest texts are the ones cut.
    expect(input.form.personalInsights.happy).toBe(form.personalInsights.happy);
    expect(input.idea).toBe('An idea');
  });
});
