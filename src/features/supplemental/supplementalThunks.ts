// POST /api/supplemental-essay for one prompt and word count. Asking again for the same prompt and length
// asks for the next version, so a second try is a different essay. Its request state lives in
// supplementalSlice.ts; one run at a time. A run is never cut short: each counts against the day's quota,
// so an essay asked for still arrives when the student has left the page.
import { apiRequest, endpoints, toApiErrorValue } from '../../api/index.ts';
import { flowError } from '../../client-core/flowEvents.ts';
import { createAppAsyncThunk } from '../../app/hooks.ts';
import { isPending } from '../../client-core/requestState.ts';
import { countWords } from '../../common/text/wordCount.ts';
import { loadEssayRecord } from '../essay/index.ts';
import {
  supplementalEssayGenerated, supplementalGenerationFailed,
} from './supplementalSlice.ts';

export const generateSupplemental = createAppAsyncThunk(
  'supplemental/generate',
  async ({ prompt, wordCount }: { prompt: string; wordCount: number }, { dispatch, getState, extra, signal, rejectWithValue }) => {
    const state = getState();
    const variant = state.supplemental.supplementalEssays
      .filter((essay) => essay.prompt === prompt && essay.wordCount === wordCount).length;
    try {
      const [answer, buildEssayRecord] = await Promise.all([
        apiRequest(endpoints.supplementalEssay, {
          body: { formData: extra.selectFormDocument(state), essayPrompt: prompt, wordCount, variant }, signal,
        }),
        loadEssayRecord(),
      ]);
      const formData = extra.selectFormDocument(state);
      // The sources the server sent, or else those the paragraphs share the most words with.
      const record = buildEssayRecord(formData, answer.essay, answer.sources);
      dispatch(supplementalEssayGenerated({
        essay: { prompt, wordCount, generatedEssay: answer.essay },
        at: record.generatedAt,
        paragraphs: record.paragraphs,
        wordCountWritten: countWords(answer.essay),
        quota: answer.quota ?? null,
        engine: answer.engine ?? null,
      }));
    } catch (error) {
      const failure = toApiErrorValue(error);
      if (failure.code !== 'aborted') dispatch(supplementalGenerationFailed(flowError(failure, 'generate_supplemental', 'supplemental')));
      return rejectWithValue(failure);
    }
  },
  { condition: (_, { getState }) => !isPending(getState(), 'supplementalRequests', 'generate') },
);
