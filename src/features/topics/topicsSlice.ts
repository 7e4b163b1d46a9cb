// The personal statement's topic: suggestions per Common App prompt and the one the student picked.
// Generating suggestions (POST /api/topic-suggestions) arrives with the essay-flow issue.
import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { formDocumentLoaded, formReset, takesSection } from '../../app/documentActions.ts';
import type { FormDocument, SelectedTopic } from '../../shared/formDocument.ts';

export type TopicsState = Pick<FormDocument, 'topicSuggestions' | 'selectedTopic'>;
export type TopicsRootState = { topics: TopicsState };

const initialState: TopicsState = { topicSuggestions: {}, selectedTopic: null };

export const topicsSlice = createSlice({
  name: 'topics',
  initialState,
  reducers: {
    topicSelected(state, action: PayloadAction<SelectedTopic>) {
      state.selectedTopic = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(formDocumentLoaded, (state, { payload: { document, source } }) => {
        if (document.topicSuggestions && takesSection('topicSuggestions', source)) {
          state.topicSuggestions = document.topicSuggestions;
        }
        if (document.selectedTopic !== undefined && takesSection('selectedTopic', source)) {
          state.selectedTopic = document.selectedTopic;
        }
      })
      .addCase(formReset, () => initialState);
  },
});

export const { topicSelected } = topicsSlice.actions;

export const selectTopicSuggestions = (state: TopicsRootState) => state.topics.topicSuggestions;
export const selectSelectedTopic = (state: TopicsRootState): SelectedTopic | null => state.topics.selectedTopic;
export const selectHasSelectedTopic = (state: TopicsRootState): boolean => state.topics.selectedTopic !== null;
