// The personal statement's topic: suggestions per Common App prompt and the one the student picked.
// Suggestions come from POST /api/topic-suggestions (generateTopics.ts, loaded with the page).
import { createAction, createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { formDocumentLoaded, formReset, takesSection } from '../../client-core/documentActions.ts';
import type { FlowErrorEvent } from '../../client-core/flowEvents.ts';
import type { FormDocument, SelectedTopic } from '../../common/formDocument.ts';
import { topicIdeaProblem } from '../../common/prompts.ts';

export type TopicsState = Pick<FormDocument, 'topicSuggestions' | 'selectedTopic'> & {
  /** Which version the suggestions are (0 first, +1 per Regenerate Topics); kept on this device only. */
  topicsVariant?: number;
};
export type TopicsRootState = { topics: TopicsState };

const initialState: TopicsState = { topicSuggestions: {}, selectedTopic: null };

/** Events of topic generation; the analytics listener maps the failure to error_occurred. */
export const topicSuggestionsReceived = createAction<{ suggestions: FormDocument['topicSuggestions']; variant: number }>(
  'topics/suggestionsReceived',
);
export const topicsGenerationFailed = createAction<FlowErrorEvent>('topics/generationFailed');

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
      .addCase(topicSuggestionsReceived, (state, { payload }) => {
        state.topicSuggestions = payload.suggestions;
        state.topicsVariant = payload.variant;
      })
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
export const selectTopicsVariant = (state: TopicsRootState): number => state.topics.topicsVariant ?? 0;
export const selectHasSuggestions = (state: TopicsRootState): boolean =>
  Object.values(state.topics.topicSuggestions).some((list) => list !== undefined && list.length > 0);
/**
 * A topic is chosen that the server accepts: a suggestion (one line, which a suggestion kept from an older
 * answer may not be), or under the seventh prompt a title of the student's own.
 */
export const selectHasSelectedTopic = (state: TopicsRootState): boolean => {
  const topic = state.topics.selectedTopic;
  return topic !== null && topicIdeaProblem(topic.prompt, topic.idea) === null;
};
