// POST /api/coach/review, POST /api/coach/questions and GET /api/coach/status with the offline engine, over HTTP on PGlite and PostgreSQL:
// the session and the Origin are checked, the review is exactly the coach's own for the draft and the student's
// questionnaire, and hostile input is answered with a readable 4xx (invalid_text, draft_too_long, 413, 429).
import { describe, expect, it } from 'vitest';
import { analyseDraft, COACH_MAX_CHARS, COACH_MAX_PARAGRAPHS } from '../../../../src/common/coach/index.ts';
import { coachReviewSchema } from '../../../../src/common/coach/schema.ts';
import { splitParagraphs } from '../../../../src/common/coach/text.ts';
import type { App } from '../../../../src/server/app.ts';
import { COACH_REVIEWS_IN_FLIGHT } from '../../../../src/server/stages/coach/routes.ts';
import { PLANTED_DRAFTS, STRONG_DRAFTS, WHY_US_PROMPT, GENERIC_WHY_US } from '../../../fixtures/coachDrafts.ts';
import { testDatabases } from '../../databases.ts';
import { startSession, TEST_ORIGIN } from '../../helper.ts';
import { studentTextLogs } from '../../studentTextLogs.ts';
import { useTestApp } from '../../useTestApp.ts';
import { student } from '../../routes/aiRequests.ts';

const URL = '/api/coach/review';
const cliche = PLANTED_DRAFTS[0]!;

/** A request as the page sends it (same Origin), its body as raw JSON text when given as a string. */
const review = (app: App, cookie: string | undefined, payload: unknown, headers: Record<string, string> = { origin: TEST_ORIGIN }) =>
  app.inject({
    method: 'POST', url: URL,
    headers: { ...(cookie ? { cookie } : {}), 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

describe.each(testDatabases)('the coach routes on $name', (target) => {
  // One app for the describe: every test starts on empty tables and fresh limits (the 429 test's included).
  const logs = studentTextLogs(); // no log line holds a draft the suite sent
  const testApp = useTestApp(target, { logs });
  const setup = async () => {
    const { app } = testApp();
    const { cookie } = await startSession(app);
    return { app, cookie };
  };

  it('answers the coach\'s own review of the draft, with the questionnaire as its material', async () => {
    const { app, cookie } = await setup();
    const response = await review(app, cookie, { kind: 'personal', draft: cliche.draft, formData: student.form });
    expect(response.statusCode, response.body).toBe(200);
    const body = coachReviewSchema.parse(response.json());
    const material = { form: student.form, followUpResponses: student.form.followUpResponses };
    expect(body).toEqual(analyseDraft({ kind: 'personal', draft: cliche.draft, material }));
    expect(body.engine).toBe('offline');
    expect(body.paragraphs[0]!.comments.map((comment) => comment.kind)).toContain('cliche');
  });

  it('reviews a supplemental answer against its prompt and word limit', async () => {
    const { app, cookie } = await setup();
    const response = await review(app, cookie, { kind: 'supplemental', draft: GENERIC_WHY_US, prompt: WHY_US_PROMPT, wordLimit: 250 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(analyseDraft({ kind: 'supplemental', draft: GENERIC_WHY_US, prompt: WHY_US_PROMPT, wordLimit: 250 }));
    expect(response.json<{ wordLimit: number }>().wordLimit).toBe(250);
  });

  it('reviews an answer to a prompt with no limit with no length check, and one with a limit of 25', async () => {
    const { app, cookie } = await setup();
    const long = Array.from({ length: 3 }, () => STRONG_DRAFTS[0]!.draft).join('\n\n');
    const unchecked = await review(app, cookie, { kind: 'supplemental', draft: long, prompt: WHY_US_PROMPT, wordLimit: null });
    expect(unchecked.statusCode, unchecked.body).toBe(200);
    const body = coachReviewSchema.parse(unchecked.json());
    expect(body).toEqual(analyseDraft({ kind: 'supplemental', draft: long, prompt: WHY_US_PROMPT, wordLimit: null }));
    expect(body.wordLimit).toBeNull();
    expect(body.paragraphs.every((paragraph) => paragraph.targetWords === null && paragraph.comments.every((comment) => comment.kind !== 'length'))).toBe(true);
    const short = await review(app, cookie, { kind: 'supplemental', draft: GENERIC_WHY_US, prompt: WHY_US_PROMPT, wordLimit: 25 });
    expect(short.statusCode, short.body).toBe(200);
    expect(short.json<{ wordLimit: number }>().wordLimit).toBe(25);
  });

  it('refuses a word limit out of range or not a number with a 400 that names the range', async () => {
    const { app, cookie } = await setup();
    for (const wordLimit of [24, 1001, 'no limit']) {
      const response = await review(app, cookie, { kind: 'supplemental', draft: 'Mine.', prompt: 'Why us?', wordLimit });
      expect(response.statusCode, String(wordLimit)).toBe(400);
      expect(response.json<{ error: string }>().error, String(wordLimit)).toContain('must be a whole number from 25 to 1000, or null for no length check');
    }
  });

  it('needs a session: 401 not_authenticated', async () => {
    const { app } = await setup();
    const response = await review(app, undefined, { kind: 'personal', draft: 'My draft.' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'not_authenticated' });
    expect((await app.inject({ method: 'GET', url: '/api/coach/status' })).statusCode).toBe(401);
  });

  it('refuses another site (403), and lets a client that sends no Origin through', async () => {
    const { app, cookie } = await setup();
    const foreign = await review(app, cookie, { kind: 'personal', draft: 'My draft.' }, { origin: 'https://evil.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: 'cross_site' });
    expect((await review(app, cookie, { kind: 'personal', draft: 'My draft.' }, {})).statusCode).toBe(200);
  });

  it('refuses a NUL or half an emoji in the draft or the prompt (400 invalid_text), and repairs them in the form document', async () => {
    const { app, cookie } = await setup();
    for (const payload of [
      '{"kind":"personal","draft":"My \\u0000 draft."}',
      '{"kind":"personal","draft":"My \\ud83d draft."}',
      '{"kind":"supplemental","draft":"My draft.","prompt":"Why \\udc00 us?","wordLimit":250}',
    ]) {
      const response = await review(app, cookie, payload);
      expect(response.statusCode, payload).toBe(400);
      expect(response.json(), payload).toMatchObject({ code: 'invalid_text' });
    }
    // The device's copy of the form may hold such text already: repaired, as PUT /api/forms/me does.
    const form = { ...student.form, personalInsights: { ...student.form.personalInsights, hobby: 'Origami \ud83d and chess.' } };
    const response = await review(app, cookie, { kind: 'personal', draft: cliche.draft, formData: form });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses a draft over 20,000 characters or 100 paragraphs (400 draft_too_long), and takes one at the limits', async () => {
    const { app, cookie } = await setup();
    for (const draft of ['a'.repeat(COACH_MAX_CHARS + 1), Array.from({ length: 101 }, (_, n) => `Paragraph ${n}.`).join('\n\n')]) {
      const response = await review(app, cookie, { kind: 'personal', draft });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'draft_too_long', error: expect.stringContaining('20,000 characters') });
    }
    expect((await review(app, cookie, { kind: 'personal', draft: '😀'.repeat(COACH_MAX_CHARS) })).statusCode).toBe(200);
    const hundred = Array.from({ length: 100 }, (_, n) => `Paragraph ${n} of mine.`).join('\r\n\r\n');
    const response = await review(app, cookie, { kind: 'personal', draft: hundred });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ paragraphs: unknown[] }>().paragraphs).toHaveLength(100);
  });

  it('refuses each malformed body with a readable 400', async () => {
    const { app, cookie } = await setup();
    for (const [name, body] of [
    ['an empty draft', { kind: 'personal', draft: '' }],
    ['a supplemental answer without its prompt', { kind: 'supplemental', draft: 'Mine.', wordLimit: 250 }],
    ['a supplemental answer without its word limit', { kind: 'supplemental', draft: 'Mine.', prompt: 'Why us?' }],
    ['a word limit of 24', { kind: 'personal', draft: 'Mine.', wordLimit: 24 }],
    ['a word limit of 1001', { kind: 'personal', draft: 'Mine.', wordLimit: 1001 }],
    ['a word limit that is a string', { kind: 'supplemental', draft: 'Mine.', prompt: 'Why us?', wordLimit: 'no limit' }],
    ['a prompt over 2,000 characters', { kind: 'personal', draft: 'Mine.', prompt: 'p'.repeat(2001) }],
    ['an unknown kind', { kind: 'poem', draft: 'Mine.' }],
    ['an unknown field', { kind: 'personal', draft: 'Mine.', score: 10 }],
    ['a form that is not a form document', { kind: 'personal', draft: 'Mine.', formData: { basicInfo: 'me' } }],
    ] as const) {
      const response = await review(app, cookie, body);
      expect(response.statusCode, name).toBe(400);
      expect(response.json(), name).toMatchObject({ code: 'invalid_request', error: expect.stringMatching(/^body/) });
    }
  });

  it('answers 413 to a body over the route\'s limit, before reading it', async () => {
    const { app, cookie } = await setup();
    const response = await review(app, cookie, { kind: 'personal', draft: 'x'.repeat(3 * 1024 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'payload_too_large' });
  });

  it('keeps every quote the student\'s own words under hostile Unicode', async () => {
    const { app, cookie } = await setup();
    const hostile = [
      'Ever since I was a child \u202Eevil\u202C I have loved \u200B\u200Bthe water; e\u0301\u0301\u0301\u0301 marks stack up.',
      'The 👩‍👩‍👧‍👦 family and 𝕳𝖔𝖜 fancy letters: I felt so nervous. ﷽ and \uFEFF and 𝟘𝟙𝟚.',
      'Ｆｕｌｌｗｉｄｔｈ text, עברית mixed in, and a line\u2028separator.',
    ].join('\n\n');
    const response = await review(app, cookie, { kind: 'personal', draft: hostile });
    expect(response.statusCode, response.body).toBe(200);
    const body = coachReviewSchema.parse(response.json());
    const paragraphs = splitParagraphs(hostile);
    for (const paragraph of body.paragraphs) {
      for (const comment of paragraph.comments) expect(paragraphs[paragraph.index]).toContain(comment.quote);
    }
  });

  it('limits one browser to 30 reviews a minute: 429 with Retry-After', async () => {
    const { app, cookie } = await setup();
    const draft = STRONG_DRAFTS[0]!.draft.split('\n\n')[0]!;
    for (let n = 0; n < 30; n += 1) expect((await review(app, cookie, { kind: 'personal', draft })).statusCode).toBe(200);
    const refused = await review(app, cookie, { kind: 'personal', draft });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ error: expect.stringMatching(/wait/) });
  });

  it('holds each network to 2 reviews in flight and each browser to 1: a flood is refused for its address alone', async () => {
    const { app } = testApp();
    // The largest draft the coach reads, so each review holds the worker for a while.
    const paragraphs = [...PLANTED_DRAFTS, ...STRONG_DRAFTS].flatMap(({ draft }) => draft.split('\n\n'));
    const draft = Array.from({ length: COACH_MAX_PARAGRAPHS }, (_, n) => paragraphs[n % paragraphs.length]).join('\n\n').slice(0, COACH_MAX_CHARS);
    const from = async (remoteAddress: string) => ({ remoteAddress, cookie: (await startSession(app)).cookie });
    const [first, second, third, elsewhere] = await Promise.all(['10.1.1.1', '10.1.1.1', '10.1.1.1', '10.2.2.2'].map(from));
    const send = ({ remoteAddress, cookie }: { remoteAddress: string; cookie: string }) => app.inject({
      method: 'POST', url: URL, remoteAddress, headers: { cookie, origin: TEST_ORIGIN }, payload: { kind: 'personal', draft },
    });
    const flood = [first!, first!, first!, second!, third!, elsewhere!];
    const answers = await Promise.all(flood.map(send));
    const statuses = answers.map((answer) => answer.statusCode);
    // Each request looks its session up before it is admitted, so they reach the gate in any order, and a review
    // may end before a later one arrives: the flooding network is refused some of its five (without the cap all
    // five run), the other network's review is answered, and nothing else is said.
    expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);
    expect(statuses.slice(0, 5)).toContain(429);
    expect(statuses[5]).toBe(200);
    expect(COACH_REVIEWS_IN_FLIGHT).toEqual({ perBrowser: 1, perNetwork: 2 });
    for (const refused of answers.filter((answer) => answer.statusCode === 429)) {
      expect(refused.json()).toEqual({
        error: 'The coach is still reading the drafts sent from here just before. Please try again in a moment.', code: 'coach_busy',
      });
      expect(refused.headers['retry-after']).toBe('1');
    }
    // Once they are answered, the network's browsers are reviewed again.
    expect((await Promise.all([first!, third!].map(send))).map((answer) => answer.statusCode)).toEqual([200, 200]);
  });

  it('answers "Ask the coach" without a model with no questions and no review: the device has the rules\' own', async () => {
    const { app, cookie } = await setup();
    const ask = (payload: unknown, who: string | null = cookie) => app.inject({
      method: 'POST', url: '/api/coach/questions', headers: { ...(who ? { cookie: who } : {}), origin: TEST_ORIGIN }, payload: payload as object,
    });
    const response = await ask({ kind: 'personal', draft: cliche.draft, formData: student.form });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ engine: 'offline', comments: [] });
    expect((await ask({ kind: 'personal', draft: 'My draft.' }, null)).statusCode).toBe(401);
    const tooLong = await ask({ kind: 'personal', draft: 'x'.repeat(COACH_MAX_CHARS + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ code: 'draft_too_long' });
  });

  it('says there is no model to ask offline', async () => {
    const { app, cookie } = await setup();
    const response = await app.inject({ method: 'GET', url: '/api/coach/status', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ model: null });
  });
});
