// Generate / Regenerate Topics: POST /api/topic-suggestions with the student's whole form document (the app
// hands its selector to every thunk as the extra argument). A 429 is tried again 5 s later, up to 3 times,
// the slice saying so meanwhile; a daily cap is not (waiting 5 s cannot help). Its request state lives in
// topicsRequests.ts; one run at a time.
// Leaving the page aborts the run: the thunk settles at once (idle), no retry follows and nothing is
// reported, but a request already on its way is not cut, so suggestions the server is writing still arrive.
import { apiRequest, endpoints, toApiErrorValue } from '../../api/index.ts';
import type { ApiErrorValue } from '../../api/index.ts';
import { createAppAsyncThunk } from '../../app/hooks.ts';
import { flowError } from '../../client-core/flowEvents.ts';
import { isPending, pause } from '../../client-core/requestState.ts';
import {
  TOPICS_NOT_RETRIED, topicsGenerationFailed, topicsRateLimited, topicSuggestionsReceived,
} from './topicsSlice.ts';

const RATE_LIMIT_RETRY_DELAY_MS = 5000;
const RATE_LIMIT_MAX_RETRIES = 3;

const retried = (failure: ApiErrorValue, attempt: number): boolean =>
  failure.status === 429 && !TOPICS_NOT_RETRIED.has(failure.code) && attempt < RATE_LIMIT_MAX_RETRIES;

export const generateTopics = createAppAsyncThunk(
  'topics/generate',
  async ({ variant }: { variant: number }, { dispatch, getState, extra, signal, rejectWithValue }) => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        // Not given `signal`: leaving the page stops the retries, not an answer already being written.
        const suggestions = await apiRequest(endpoints.topicSuggestions, {
          body: { formData: extra.selectFormDocument(getState()), variant },
        });
        dispatch(topicSuggestionsReceived({ suggestions, variant }));
        return;
      } catch (error) {
        const failure = toApiErrorValue(error);
        if (signal.aborted) return rejectWithValue(failure);
        if (!retried(failure, attempt)) {
          dispatch(topicsGenerationFailed(flowError(failure, 'generate_topics', 'topics')));
          return rejectWithValue(failure);
        }
        dispatch(topicsRateLimited());
        if (!(await pause(RATE_LIMIT_RETRY_DELAY_MS, signal))) return rejectWithValue(failure);
      }
    }
  },
  { condition: (_, { getState }) => !isPending(getState(), 'topicsRequests', 'generate') },
);
