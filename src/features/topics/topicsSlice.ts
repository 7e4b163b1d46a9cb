// The personal statement's topic: suggestions per Common App prompt and the one the student picked, and the
// request state of Generate / Regenerate Topics. Suggestions come from POST /api/topic-suggestions
// (topicsThunks.ts, whose thunk this slice follows by its type).
import { createAction, createSelector, createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { ApiErrorValue } from '../../api/index.ts';
import { formDocumentLoaded, formReset, takesSection } from '../../client-core/documentActions.ts';
import type { FlowErrorEvent } from '../../client-core/flowEvents.ts';
import { addRequestCases, idleRequest, withRequestOf } from '../../client-core/requestState.ts';
import type { RequestState } from '../../client-core/requestState.ts';
import type { FormDocument, SelectedTopic } from '../../common/questionnaire/formDocument.ts';
import { MESSAGES } from '../../common/contract/messages.ts';
import { topicIdeaProblem } from '../../common/essay/prompts.ts';

export type TopicsState = Pick<FormDocument, 'topicSuggestions' | 'selectedTopic'> & {
  /** Which version the suggestions are (0 first, +1 per Regenerate Topics); kept on this device only. */
  topicsVariant?: number;
  /** Generate / Regenerate Topics: never in the device copy (absent: idle). */
  request?: RequestState;
};
export type TopicsRootState = { topics: TopicsState };

const initialState: TopicsState = { topicSuggestions: {}, selectedTopic: null };

/** The thunk generateTopics (topicsThunks.ts), named here so the slice need not import it. */
export const GENERATE_TOPICS = 'topics/generate';

/** Failures a wait of 5 s cannot help (a daily cap): not retried, explained in the server's words. */
export const TOPICS_NOT_RETRIED: ReadonlySet<string> = new Set(['ai_daily_cap']);

/** What the page says when generation failed for good. */
const topicsFailureMessage = (failure: ApiErrorValue): string => {
  if (failure.status !== 429) return MESSAGES.topicsFailed;
  return TOPICS_NOT_RETRIED.has(failure.code) ? failure.message : MESSAGES.topicsRateLimitFinal;
};

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
      .addCase(topicsRateLimited, (state) => {
        state.request = { ...(state.request ?? idleRequest), notice: MESSAGES.topicsRateLimitRetry };
      })
      // The page aborts its run as it goes: the request is over now, not once the abort has gone round.
      .addCase(topicsPageLeft, (state) => {
        state.request = idleRequest;
      })
      // "Start over" empties the topics; a request on its way still ends as it ends.
      .addCase(formReset, (state) => withRequestOf(state, initialState));
    addRequestCases(builder, GENERATE_TOPICS, topicsFailureMessage);
  },
});

export const { topicSelected } = topicsSlice.actions;

export const selectTopicSuggestions = (state: TopicsRootState) => state.topics.topicSuggestions;
export const selectSelectedTopic = (state: TopicsRootState): SelectedTopic | null => state.topics.selectedTopic;
export const selectTopicsRequest = (state: TopicsRootState): RequestState => state.topics.request ?? idleRequest;
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
