// The personal statement's topic: suggestions per Common App prompt and the one the student picked. Suggestions
// come from POST /api/topic-suggestions (topicsThunks.ts; its request state is topicsRequests.ts's).
import { createAction, createSelector, createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { formDocumentLoaded, formReset, takesSection } from '../../client-core/documentActions.ts';
import type { FlowErrorEvent } from '../../client-core/flowEvents.ts';
import type { FormDocument, SelectedTopic } from '../../common/questionnaire/formDocument.ts';
import { topicIdeaProblem } from '../../common/essay/prompts.ts';

export type TopicsState = Pick<FormDocument, 'topicSuggestions' | 'selectedTopic'> & {
  /** Which version the suggestions are (0 first, +1 per Regenerate Topics); kept on this device only. */
  topicsVariant?: number;
};
export type TopicsRootState = { topics: TopicsState };

const initialState: TopicsState = { topicSuggestions: {}, selectedTopic: null };

/** Failures a wait of 5 s cannot help (a daily cap): not retried, explained in the server's words. */
export const TOPICS_NOT_RETRIED: ReadonlySet<string> = new Set(['ai_daily_cap']);

/** Events of topic generation; the analytics listener maps the failure to error_occurred. */
export const topicSuggestionsReceived = createAction<{ suggestions: FormDocument['topicSuggestions']; variant: number }>(
  'topics/suggestionsReceived',
);
export const topicsGenerationFailed = createAction<FlowErrorEvent>('topics/generationFailed');
/** The server said to wait (a 429): the thunk tries again in 5 s, and the page says so meanwhile. */
export const topicsRateLimited = createAction('topics/rateLimited');
/** The student left /topics (which also aborts its run). */
export const topicsPageLeft = createAction('topics/pageLeft');

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
      // "Start over" empties the topics; a request on its way still ends as it ends (topicsRequests.ts).
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
 * answer may not be), or under the seventh prompt a title of the student's own. Checked once per chosen topic:
 * the step guards ask on every change to the store, several times each.
 */
export const selectHasSelectedTopic = createSelector(
  [selectSelectedTopic],
  (topic): boolean => topic !== null && topicIdeaProblem(topic.prompt, topic.idea) === null,
);
