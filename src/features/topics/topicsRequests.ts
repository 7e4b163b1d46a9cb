// The topics step's request state: Generate / Regenerate Topics (topicsThunks.ts) as this page runs it, in a
// slice of its own, which comes with the page (src/client-core/pageSlices.ts) and which the device copy never keeps.
import { createSlice } from '@reduxjs/toolkit';
import type { ApiErrorValue } from '../../api/index.ts';
import { addPageSlice } from '../../client-core/pageSlices.ts';
import { addRequestCases, idleRequest } from '../../client-core/requestState.ts';
import type { RequestState } from '../../client-core/requestState.ts';
import { MESSAGES } from '../../common/contract/messages.ts';
import { TOPICS_NOT_RETRIED, topicsPageLeft, topicsRateLimited } from './topicsSlice.ts';
import { generateTopics } from './topicsThunks.ts';

type TopicsRequests = { generate: RequestState };
type TopicsRequestsRootState = { topicsRequests?: TopicsRequests };

/** What the page says when generation failed for good. */
const topicsFailureMessage = (failure: ApiErrorValue): string => {
  if (failure.status !== 429) return MESSAGES.topicsFailed;
  return TOPICS_NOT_RETRIED.has(failure.code) ? failure.message : MESSAGES.topicsRateLimitFinal;
};

const initialState: TopicsRequests = { generate: idleRequest };

export const topicsRequestsSlice = createSlice({
  name: 'topicsRequests',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(topicsRateLimited, (state) => {
        state.generate.notice = MESSAGES.topicsRateLimitRetry;
      })
      // The page aborts its run as it goes: the request is over now, not once the abort has gone round.
      .addCase(topicsPageLeft, (state) => {
        state.generate = idleRequest;
      });
    addRequestCases(builder, 'generate', generateTopics, topicsFailureMessage);
  },
});

export const selectTopicsRequest = (state: object): RequestState => (state as TopicsRequestsRootState).topicsRequests?.generate ?? idleRequest;

addPageSlice(topicsRequestsSlice);
