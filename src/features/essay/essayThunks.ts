// Generates the personal statement for the paid plan and streams it onto the page as it is written
// (POST /api/generate-essay with Accept: text/event-stream). Text arriving within a short interval is
// dispatched together, so a model's token-by-token stream costs a few renders a second, not hundreds.
// Its request state lives in essayStreamSlice.ts; one run at a time. Leaving the page aborts the run, which
// stops the stream (and the provider's work behind it).
import { endpoints, streamEssay, toApiErrorValue } from '../../api/index.ts';
import { flowError } from '../../client-core/flowEvents.ts';
import { createAppAsyncThunk } from '../../app/hooks.ts';
import { countWords } from '../../common/wordCount.ts';
import { essayParagraphs, overlapSources, studentAnswers } from '../../common/essaySources.ts';
import { essayGenerated, essayGenerationFailed, essayStreamStarted, essayTextStreamed, type EssayRecord } from './essaySlice.ts';
import { GENERATE_ESSAY, selectEssayRequest } from './essayStreamSlice.ts';

const BATCH_MS = 60;
/** How much of an answer the sources panel quotes. */
const EXCERPT_CHARS = 160;

type Form = Parameters<typeof studentAnswers>[0] & { followUpResponses: Record<string, string> };

/**
 * The record kept beside the essay: the server's sources per paragraph, named with the answers as they were
 * when the essay was made; derived from word overlap here when the server sent none.
 */
export function buildEssayRecord(form: Form, essay: string, sent: string[][] | undefined): EssayRecord {
  const answers = studentAnswers(form, form.followUpResponses);
  const byKey = new Map(answers.map((answer) => [answer.key, answer]));
  const paragraphs = essayParagraphs(essay);
  const keys = sent && sent.length === paragraphs.length ? sent : paragraphs.map((paragraph) => overlapSources(paragraph, answers));
  return {
    generatedAt: new Date().toISOString(),
    paragraphs: keys.map((list) => list.flatMap((key) => {
      const answer = byKey.get(key);
      if (!answer) return [];
      const excerpt = answer.text.length > EXCERPT_CHARS ? `${answer.text.slice(0, EXCERPT_CHARS).trimEnd()}…` : answer.text;
      return [{ key, label: answer.label, excerpt }];
    })),
  };
}

export const generateEssay = createAppAsyncThunk(
  GENERATE_ESSAY,
  async ({ variant }: { variant: number }, { dispatch, getState, extra, signal, rejectWithValue }) => {
    const formData = extra.selectFormDocument(getState());
    const topic = formData.selectedTopic;
    let pending = '';
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      clearTimeout(timer);
      timer = undefined;
      if (pending !== '') dispatch(essayTextStreamed(pending));
      pending = '';
    };
    dispatch(essayStreamStarted());
    try {
      if (!topic) throw new Error('No topic is selected.');
      const answer = await streamEssay(endpoints.generateEssay, {
        body: {
          formData, selectedPrompt: topic.prompt, selectedIdea: topic.idea,
          followUpResponses: formData.followUpResponses, variant,
        },
        signal,
        onText: (text) => {
          pending += text;
          timer ??= setTimeout(flush, BATCH_MS);
        },
      });
      flush();
      dispatch(essayGenerated({
        essay: answer.essay, topic: topic.idea, wordCount: countWords(answer.essay), notes: answer.notes ?? [],
        engine: answer.engine ?? null, variant, record: buildEssayRecord(formData, answer.essay, answer.sources),
      }));
    } catch (error) {
      clearTimeout(timer);
      const failure = toApiErrorValue(error);
      if (failure.code !== 'aborted') dispatch(essayGenerationFailed(flowError(failure, 'generate_essay', 'result')));
      return rejectWithValue(failure);
    }
  },
  { condition: (_, { getState }) => selectEssayRequest(getState()).status !== 'pending' },
);
