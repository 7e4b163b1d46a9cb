// The seventh prompt over HTTP: follow-up questions and the essay for a topic the student wrote, and a readable
// 400 for a title that is not one (blank, no letters, several lines, the prompt itself, too long).
import { describe, expect, it } from 'vitest';
import { COMMON_APP_PROMPTS, OWN_TOPIC_PROMPT } from '../../../../src/common/essay/prompts.ts';
import { testDatabases } from '../../databases.ts';
import { startSession } from '../../helper.ts';
import { useTestApp } from '../../useTestApp.ts';
import { paidSession, post, student } from '../../routes/aiRequests.ts';

const TITLE = 'Teaching my little brother to ride the 14 bus alone';
const DESCRIPTION = 'Every morning for a month I rode two stops behind him and pretended not to know him.';
const formData = { ...student.form, selectedTopic: { prompt: OWN_TOPIC_PROMPT, idea: TITLE, description: DESCRIPTION } };
const followup = (selectedIdea = TITLE, selectedPrompt = OWN_TOPIC_PROMPT) => ({ formData, selectedPrompt, selectedIdea });
const essay = (selectedIdea = TITLE) => ({ ...followup(selectedIdea), followUpResponses: student.followUpResponses });

describe.each(testDatabases)('the seventh prompt on $name', (target) => {
  const testApp = useTestApp(target);
  it('asks seven questions about the student’s own topic, the first why they chose it', async () => {
    const { app } = testApp();
    const { cookie } = await startSession(app);
    for (const prompt of [OWN_TOPIC_PROMPT, '7']) {
      const response = await post(app, '/api/followup-questions', cookie, followup(TITLE, prompt));
      expect(response.statusCode).toBe(200);
      const { questions } = response.json<{ questions: string[] }>();
      expect(questions).toHaveLength(7);
      expect(questions[0]).toMatch(/^Why did you choose “Teaching my little brother to ride the 14 bus alone” as your topic/);
    }
  });

  it('writes a paid student’s essay on their topic, with their title and description', async () => {
    const { app } = testApp();
    const cookie = await paidSession(app);
    const response = await post(app, '/api/generate-essay', cookie, essay());
    expect(response.statusCode).toBe(200);
    const { essay: text } = response.json<{ essay: string }>();
    expect(text).toContain(`“${TITLE}.”`);
    expect(text).toContain(DESCRIPTION);
  });

  it.each([
    ['   ', 'body.selectedIdea: is required: write the topic of your essay in a few words (prompt 7 takes a topic title of your own)'],
    ['?!', 'body.selectedIdea: must contain at least two letters or digits (prompt 7 takes a topic title of your own)'],
    // One line is the rule for every topic idea (see topicIdeas.test.ts), so it is named without the prompt.
    ['My brother\nand the bus', 'body.selectedIdea: must be one line of text'],
    ['Share an essay on any topic of your choice.', 'body.selectedIdea: must name your own topic, not repeat the prompt (prompt 7 takes a topic title of your own)'],
    ['b'.repeat(301), 'body.selectedIdea: must be at most 300 characters long'],
  ])('refuses %j as the title with a 400 that says why', async (title, message) => {
    const { app } = testApp();
    const cookie = await paidSession(app);
    for (const [url, body] of [['/api/followup-questions', followup(title, '7')], ['/api/generate-essay', essay(title)]] as const) {
      const response = await post(app, url, cookie, body);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ error: message, code: 'invalid_request' });
    }
  });

  it('still takes any idea under the six prompts', async () => {
    const { app } = testApp();
    const { cookie } = await startSession(app);
    const response = await post(app, '/api/followup-questions', cookie, followup('?!', COMMON_APP_PROMPTS['6']));
    expect(response.statusCode).toBe(200);
  });
});
