// Generates the personal statement for the paid plan and streams it onto the page as it is written
// (POST /api/generate-essay with Accept: text/event-stream). Text arriving within a short interval is
// dispatched together, so a model's token-by-token stream costs a few renders a second, not hundreds.
// Its request state lives in essayStreamSlice.ts; one run at a time. Leaving the page aborts the run, which
// stops the stream (and the provider's work behind it).
import { endpoints, streamEssay, toApiErrorValue } from '../../api/index.ts';
import { flowError } from '../../client-core/flowEvents.ts';
import { createAppAsyncThunk } from '../../app/hooks.ts';
import { countWords } from '../../common/wordCount.ts';
import { essayGenerated, essayGenerationFailed, essayStreamStarted, essayTextStreamed } from './essaySlice.ts';
import { GENERATE_ESSAY, selectEssayRequest } from './essayStreamSlice.ts';

const BATCH_MS = 60;

/** The essay record's making (buildEssayRecord.ts), fetched when an essay is being written rather than with a page. */
export const loadEssayRecord = async () => (await import('./buildEssayRecord.ts')).buildEssayRecord;

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
    // Fetched while the essay streams in: it is needed only at the end.
    const recordCode = loadEssayRecord();
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
      const buildEssayRecord = await recordCode;
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
