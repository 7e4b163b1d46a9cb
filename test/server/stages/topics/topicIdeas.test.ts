// Topic ideas over HTTP, under the seventh prompt and under a prompt text the server does not recognise: a title
// padded with direction overrides and invisible characters arrives normalised, so neither the follow-up
// questions nor the essay quote those characters; a title that is not one line, or stacks marks, gets a 400
// in words the topics page shows. Topic suggestions quote the student's words, one line too.
import { describe, expect, it } from 'vitest';
import { OWN_TOPIC_PROMPT, promptNumberOf } from '../../../../src/common/essay/prompts.ts';
import type { FormDocument } from '../../../../src/common/questionnaire/formDocument.ts';
import { testDatabases } from '../../databases.ts';
import { startSession } from '../../helper.ts';
import { useTestApp } from '../../useTestApp.ts';
import { paidSession, post, student } from '../../routes/aiRequests.ts';

const TITLE = 'Teaching my little brother to ride the 14 bus alone';
const PADDED = '\u202eTeaching\u200b my little \u2066brother\u2069 to ride\u2060 the 14 bus \u202dalone\u202c\ufeff';
const DESCRIPTION = 'Every morning for a month I rode two stops behind him and pretended not to know him.';
const UNKNOWN_PROMPT = 'Tell us about a place where you feel most yourself.';
const PROMPTS = [['prompt 7', OWN_TOPIC_PROMPT], ['"7"', '7'], ['an unrecognised prompt', UNKNOWN_PROMPT]] as const;
/** What must never come back: every character the rule removes or refuses. */
// eslint-disable-next-line no-control-regex
const HOSTILE = /[\u0000-\u001f\u007f-\u009f\u200b\u2028\u2029\u202a-\u202e\u2060\u2066-\u2069\ufeff]/u;

const formWith = (idea: string, prompt: string): FormDocument => ({ ...student.form, selectedTopic: { prompt, idea, description: DESCRIPTION } });
const followup = (selectedIdea: string, selectedPrompt: string) => ({ formData: formWith(selectedIdea, selectedPrompt), selectedPrompt, selectedIdea });
const essay = (selectedIdea: string, selectedPrompt: string) => ({ ...followup(selectedIdea, selectedPrompt), followUpResponses: student.followUpResponses });

describe.each(testDatabases)('topic ideas on $name', (target) => {
  // One app for the describe: every test starts on empty tables and fresh limits.
  const testApp = useTestApp(target);

  it('has a prompt text the server does not recognise', () => {
    expect(promptNumberOf(UNKNOWN_PROMPT)).toBeNull();
  });

  it('asks follow-up questions about the padded title without its invisible characters, under every prompt', async () => {
    const { app } = testApp();
    const { cookie } = await startSession(app);
    for (const [name, prompt] of PROMPTS) {
      const response = await post(app, '/api/followup-questions', cookie, followup(PADDED, prompt));
      expect(response.statusCode, name).toBe(200);
      const { questions } = response.json<{ questions: string[] }>();
      expect(questions.filter((question) => HOSTILE.test(question)), name).toEqual([]);
      if (prompt !== UNKNOWN_PROMPT) expect(questions[0], name).toContain(`“${TITLE}”`);
    }
  });

  it('writes the essay on the padded title without its invisible characters, with the student’s description', async () => {
    const { app } = testApp();
    const cookie = await paidSession(app);
    for (const [name, prompt] of PROMPTS) {
      const response = await post(app, '/api/generate-essay', cookie, essay(PADDED, prompt));
      expect(response.statusCode, name).toBe(200);
      expect(HOSTILE.test(response.body), name).toBe(false);
      const { essay: text } = response.json<{ essay: string }>();
      // The stored title is padded the same way, and still found to be the topic the description belongs to.
      if (prompt !== UNKNOWN_PROMPT) expect(text, name).toContain(`“${TITLE}.”`);
      if (prompt !== UNKNOWN_PROMPT) expect(text, name).toContain(DESCRIPTION);
    }
  });

  it.each([
    ['a line separator', `${TITLE}\u2028again`, 'must be one line of text'],
    ['a paragraph separator', `${TITLE}\u2029again`, 'must be one line of text'],
    ['a line feed', `${TITLE}\nagain`, 'must be one line of text'],
    ['a tab', `${TITLE}\tagain`, 'must be one line of text'],
    ['a C1 control', `${TITLE}\u0085again`, 'must be one line of text'],
    ['four marks on one letter', `${TITLE} q\u0301\u0302\u0303\u0304`, 'must not stack more than 3 accents or marks on one character'],
  ])('refuses a title with %s under every prompt, with a 400 that says why', async (_name, title, problem) => {
    const { app } = testApp();
    const cookie = await paidSession(app);
    for (const [name, prompt] of PROMPTS) {
      for (const [url, body] of [['/api/followup-questions', followup(title, prompt)], ['/api/generate-essay', essay(title, prompt)]] as const) {
        const response = await post(app, url, cookie, body);
        expect(response.statusCode, `${name} ${url}`).toBe(400);
        expect(response.json(), `${name} ${url}`).toEqual({ error: `body.selectedIdea: ${problem}`, code: 'invalid_request' });
      }
    }
  });

  it('takes three marks on one letter, and refuses a title of invisible characters only as no title', async () => {
    const { app } = testApp();
    const { cookie } = await startSession(app);
    for (const [name, prompt] of PROMPTS) {
      const marked = await post(app, '/api/followup-questions', cookie, followup(`${TITLE} q\u0301\u0302\u0303`, prompt));
      expect(marked.statusCode, name).toBe(200);
      const invisible = await post(app, '/api/followup-questions', cookie, followup('\u200b\u202e\u2066\u2069\ufeff', prompt));
      expect(invisible.statusCode, name).toBe(400);
      expect(invisible.json<{ error: string }>().error, name).toMatch(/^body\.selectedIdea: is required/);
    }
  });

  it('suggests topics whose titles quote the student’s words as one line, never their direction overrides', async () => {
    const { app } = testApp();
    const { cookie } = await startSession(app);
    const hostile = structuredClone(student.form);
    hostile.academics.majors = ['Computer\u202e Science\u200b'];
    hostile.academics.subjects = ['Mathe\u2066matics\u2069'];
    hostile.activitiesAndInvolvement.activities = hostile.activitiesAndInvolvement.activities.map((entry) => ({
      ...entry, leadership: entry.leadership === '' ? '' : `\u202e${entry.leadership}\u202c`,
    }));
    const response = await post(app, '/api/topic-suggestions', cookie, { formData: hostile });
    expect(response.statusCode).toBe(200);
    const titles = Object.values(response.json<Record<string, Array<{ title: string }>>>()).flat().map((s) => s.title);
    expect(titles.length).toBeGreaterThan(6);
    expect(titles.filter((title) => HOSTILE.test(title))).toEqual([]);
    // The overrides were in what the titles quote: without the rule they would be there.
    expect(titles.some((title) => /Computer Science|Mathematics|drive team captain|treasurer/.test(title))).toBe(true);
  });
});
