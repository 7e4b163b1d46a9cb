// The free AI calls (topics, follow-up questions) on the real app and the offline composer, and the bad input
// every AI route must refuse with a readable 4xx.
import { describe, expect, it } from 'vitest';
import { PROMPT_NUMBERS } from '../../../../src/common/essay/prompts.ts';
import { testDatabases } from '../../databases.ts';
import { startSession } from '../../helper.ts';
import { useTestApp } from '../../useTestApp.ts';
import { bodies, paidSession, post, student } from '../../routes/aiRequests.ts';

describe.each(testDatabases)('topics and follow-up questions on $name', (target) => {
  const testApp = useTestApp(target);
  it('suggests topics for all six prompts that name the student’s own activities', async () => {
    const { app } = testApp();
    const { cookie } = await startSession(app);
    const response = await post(app, '/api/topic-suggestions', cookie, bodies.topics());
    expect(response.statusCode).toBe(200);
    const topics = response.json<Record<string, Array<{ title: string; description: string }>>>();
    expect(Object.keys(topics).sort()).toEqual([...PROMPT_NUMBERS]);
    const text = JSON.stringify(topics);
    expect(student.ownActivities.some((word) => text.includes(word))).toBe(true);
    expect(text).not.toMatch(/undefined|null/);
  });

  it('gives a different set for another variant and the same set for the same one', async () => {
    const { app } = testApp();
    const { cookie } = await startSession(app);
    const first = (await post(app, '/api/topic-suggestions', cookie, bodies.topics())).body;
    const again = (await post(app, '/api/topic-suggestions', cookie, { ...bodies.topics(), variant: 0 })).body;
    const other = (await post(app, '/api/topic-suggestions', cookie, { ...bodies.topics(), variant: 1 })).body;
    expect(again).toBe(first);
    expect(other).not.toBe(first);
  });

  it('asks seven follow-up questions about the chosen topic', async () => {
    const { app } = testApp();
    const { cookie } = await startSession(app);
    const response = await post(app, '/api/followup-questions', cookie, bodies.followup());
    expect(response.statusCode).toBe(200);
    const { questions } = response.json<{ questions: string[] }>();
    expect(questions).toHaveLength(7);
    expect(questions.join(' ')).toContain(student.idea);
    for (const question of questions) expect(question).toMatch(/\?/);
  });

  it('needs a session cookie', async () => {
    const { app } = testApp();
    const response = await post(app, '/api/topic-suggestions', undefined, bodies.topics());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'User not authenticated', code: 'not_authenticated' });
  });
});

describe.each(testDatabases)('bad input on every AI route on $name', (target) => {
  const testApp = useTestApp(target);
  const routes = [
    ['/api/topic-suggestions', bodies.topics()],
    ['/api/followup-questions', bodies.followup()],
    ['/api/generate-essay', bodies.essay()],
    ['/api/supplemental-essay', bodies.supplemental()],
  ] as const;

  it.each(routes)('%s refuses missing fields, wrong types, unknown fields and a 2 MB profile', async (url, good) => {
    const { app } = testApp();
    const cookie = await paidSession(app);
    const huge = { ...good, formData: { ...good.formData, generatedEssay: 'word '.repeat(420_000) } };
    const cases: Array<[unknown, number, RegExp]> = [
      [{}, 400, /body\.formData: is required/],
      [{ ...good, formData: 'my profile' }, 400, /body\.formData: must be an object/],
      [{ ...good, formData: { ...good.formData, basicInfo: { fullName: 42, email: '' } } }, 400, /body\.formData\.basicInfo\.fullName/],
      [{ ...good, extra: true }, 400, /unrecognized field 'extra'/],
      [{ ...good, variant: -1 }, 400, /body\.variant: must be at least 0/],
      [{ ...good, variant: 'two' }, 400, /body\.variant/],
      [huge, 413, /too large/],
    ];
    for (const [payload, status, message] of cases) {
      const response = await post(app, url, cookie, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(status);
      expect(response.json().error).toMatch(message);
      expect(typeof response.json().code).toBe('string');
    }
    const text = await app.inject({ method: 'POST', url, headers: { cookie, 'content-type': 'application/json' }, payload: '{"formData":' });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ error: 'The request body is not valid JSON.', code: 'invalid_json' });
  });

  it.each([
    [0, 'body.wordCount: must be at least 50'],
    [-5, 'body.wordCount: must be at least 50'],
    [1.5, 'body.wordCount: must be a whole number'],
    [100_000, 'body.wordCount: must be at most 1000'],
    ['250', 'body.wordCount: must be a number'],
    [null, 'body.wordCount: must be a number'],
  ])('the supplemental essay refuses a word count of %j', async (wordCount, message) => {
    const { app } = testApp();
    const { cookie } = await startSession(app);
    const response = await post(app, '/api/supplemental-essay', cookie, bodies.supplemental(wordCount));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: message, code: 'invalid_request' });
  });

  it('refuses blank prompts and ideas', async () => {
    const { app } = testApp();
    const cookie = await paidSession(app);
    const noIdea = await post(app, '/api/followup-questions', cookie, { ...bodies.followup(), selectedIdea: '' });
    expect(noIdea.json().error).toMatch(/body\.selectedIdea: (is required|must not be empty)/);
    const noPrompt = await post(app, '/api/supplemental-essay', cookie, { ...bodies.supplemental(), essayPrompt: '   ' });
    expect(noPrompt.statusCode).toBe(400);
    expect(noPrompt.json().error).toMatch(/body\.essayPrompt/);
  });
});
