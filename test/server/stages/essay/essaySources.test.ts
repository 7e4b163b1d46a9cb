// Each paragraph of a generated essay comes with the student's answers it was built from: exactly as the offline
// composer assembled it, and for a model's essay by the words a paragraph shares with each answer.
import { describe, expect, it } from 'vitest';
import { createAi, type AiPort } from '../../../../src/server/ai/index.ts';
import { essayParagraphs, studentAnswers } from '../../../../src/common/essay/essaySources.ts';
import { testDatabases } from '../../databases.ts';
import { buildTestApp } from '../../helper.ts';
import { bodies, paidSession, parseEvents, post, student } from '../../routes/aiRequests.ts';

type Answer = { essay: string; sources: string[][] };
const answerKeys = new Set(studentAnswers(student.form, student.followUpResponses).map((answer) => answer.key));

/** A model's stand-in: the offline composer's port, but its essay quotes two answers and keeps no record. */
function modelLike(): AiPort {
  const composer = createAi({ provider: 'offline' });
  const { happy, roleModel } = student.form.personalInsights;
  const text = `Opening words of my own about nothing much.\n\n${happy}\n\nAnd then: ${roleModel}`;
  return {
    engine: 'openai',
    topicSuggestions: (form, options) => composer.topicSuggestions(form, options),
    followupQuestions: (form, prompt, idea, options) => composer.followupQuestions(form, prompt, idea, options),
    essay: async function* written() { yield text; },
    supplementalEssay: (input, options) => composer.supplementalEssay(input, options),
    coachQuestions: (input, options) => composer.coachQuestions(input, options),
    essayNotes: () => [],
    supplementalNotes: () => [],
  };
}

describe.each(testDatabases)('the sources of an essay’s paragraphs on $name', (target) => {
  it('names, for every paragraph of the composer’s essay, answers of this student, in JSON and in the stream', async () => {
    const { app } = await buildTestApp(target);
    const cookie = await paidSession(app);
    const { essay, sources } = (await post(app, '/api/generate-essay', cookie, bodies.essay())).json<Answer>();
    expect(sources).toHaveLength(essayParagraphs(essay).length);
    for (const keys of sources) for (const key of keys) expect(answerKeys.has(key), key).toBe(true);
    // Most paragraphs are the student's own material; the follow-up answers are among the sources.
    expect(sources.filter((keys) => keys.length > 0).length).toBeGreaterThanOrEqual(Math.ceil(sources.length / 2));
    expect(sources.flat().some((key) => key.startsWith('followUp:'))).toBe(true);
    // Exactly the composer's own record, not a guess: its draft for this input has these paragraphs and sources.
    const draft = await createAi({ provider: 'offline' }).essayParagraphSources!({
      form: student.form, prompt: student.prompt, idea: student.idea, followUpResponses: student.followUpResponses, variant: 0,
    });
    expect(draft.map((paragraph) => paragraph.text)).toEqual(essayParagraphs(essay));
    expect(sources).toEqual(draft.map((paragraph) => paragraph.sources));

    const streamed = parseEvents((await post(app, '/api/generate-essay', cookie, bodies.essay(), { accept: 'text/event-stream' })).body);
    expect(streamed.at(-1)).toMatchObject({ event: 'done', data: { essay, sources } });
  });

  it('derives a model’s sources from the words each paragraph shares with the answers', async () => {
    const { app } = await buildTestApp(target, { ai: modelLike() });
    const cookie = await paidSession(app);
    const response = await post(app, '/api/generate-essay', cookie, bodies.essay());
    expect(response.statusCode, response.body).toBe(200);
    const { sources } = response.json<Answer>();
    expect(sources).toHaveLength(3);
    expect(sources[0]).toEqual([]);
    expect(sources[1]![0]).toBe('insight:happy');
    expect(sources[2]![0]).toBe('insight:roleModel');
  });
});
