// POST /api/topic-suggestions with the student's whole form document. One attempt per dispatch: the page's
// useTopicGeneration decides about retrying a 429. The document is assembled by the app, which hands its
// selector to every thunk as the extra argument.
import { apiRequest, endpoints, toApiErrorValue } from '../../api/index.ts';
import { createAppAsyncThunk } from '../../app/hooks.ts';
import { topicSuggestionsReceived } from './topicsSlice.ts';

export const generateTopics = createAppAsyncThunk(
  'topics/generate',
  async ({ variant }: { variant: number }, { dispatch, getState, extra, signal, rejectWithValue }) => {
    try {
      const suggestions = await apiRequest(endpoints.topicSuggestions, {
        body: { formData: extra.selectFormDocument(getState()), variant }, signal,
      });
      dispatch(topicSuggestionsReceived({ suggestions, variant }));
    } catch (error) {
      return rejectWithValue(toApiErrorValue(error));
    }
  },
);
