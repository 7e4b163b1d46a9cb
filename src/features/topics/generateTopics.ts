// POST /api/topic-suggestions with the student's whole form document. One attempt per dispatch: the page's
// useTopicGeneration decides about the 429 retries (every 5 s, at most 3). Loaded with the page, not the store (it reads the
// assembled document, whose selector needs every feature's slice in place).
import { apiRequest, endpoints, toApiErrorValue } from '../../api/index.ts';
import { selectFormDocument } from '../../app/formDocument.ts';
import { createAppAsyncThunk } from '../../app/hooks.ts';
import { topicSuggestionsReceived } from './topicsSlice.ts';

export const generateTopics = createAppAsyncThunk(
  'topics/generate',
  async ({ variant }: { variant: number }, { dispatch, getState, signal, rejectWithValue }) => {
    try {
      const suggestions = await apiRequest(endpoints.topicSuggestions, {
        body: { formData: selectFormDocument(getState()), variant }, signal,
      });
      dispatch(topicSuggestionsReceived({ suggestions, variant }));
    } catch (error) {
      return rejectWithValue(toApiErrorValue(error));
    }
  },
);
