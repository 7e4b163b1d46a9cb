// Generates the personal statement for the paid plan, streamed onto the page as it is written. Its request state
// lives in essayRequests.ts; one run at a time. Leaving the page aborts the run, which stops the stream (and
// the provider's work behind it). What a run does is writeEssay.ts, fetched by the run: a returning student's
// /result, the essay already there, never needs it. Offline before the app is installed it cannot be fetched,
// and the run fails as a request without an answer would.
import { toApiErrorValue } from '../../api/index.ts';
import { flowError } from '../../client-core/flowEvents.ts';
import { createAppAsyncThunk } from '../../app/hooks.ts';
import { isPending } from '../../client-core/requestState.ts';
import { essayGenerationFailed, essayStreamStarted } from './essaySlice.ts';

export const generateEssay = createAppAsyncThunk(
  'essay/generate',
  async ({ variant }: { variant: number }, { dispatch, getState, extra, signal, rejectWithValue }) => {
    const formData = extra.selectFormDocument(getState());
    dispatch(essayStreamStarted());
    try {
      const { writeEssay } = await import('./writeEssay.ts');
      await writeEssay({ formData, variant, signal, dispatch });
      return undefined;
    } catch (error) {
      const failure = toApiErrorValue(error);
      if (failure.code !== 'aborted') dispatch(essayGenerationFailed(flowError(failure, 'generate_essay', 'result')));
      return rejectWithValue(failure);
    }
  },
  { condition: (_, { getState }) => !isPending(getState(), 'essayRequests', 'generate') },
);
