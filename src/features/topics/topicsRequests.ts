// The topics step's request state: Generate / Regenerate Topics (topicsThunks.ts) as this page runs it, in a
// slice of its own, which comes with the page (src/client-core/pageSlices.ts) and which the device copy never keeps.
import type { ApiErrorValue } from '../../api/index.ts';
import { pageRequest } from '../../client-core/requestState.ts';
import { MESSAGES } from '../../common/contract/messages.ts';
import { TOPICS_NOT_RETRIED, topicsPageLeft, topicsRateLimited } from './topicsSlice.ts';
import { generateTopics } from './topicsThunks.ts';

/** What the page says when generation failed for good. */
const topicsFailureMessage = (failure: ApiErrorValue): string => {
  if (failure.status !== 429) return MESSAGES.topicsFailed;
  return TOPICS_NOT_RETRIED.has(failure.code) ? failure.message : MESSAGES.topicsRateLimitFinal;
};

// The page aborts its run as it goes; while a 429's wait runs, the page says it will try again.
export const selectTopicsRequest = pageRequest({
  name: 'topicsRequests', key: 'generate', thunk: generateTopics, pageLeft: topicsPageLeft, abortsOnLeave: true,
  failureMessage: topicsFailureMessage,
  alsoFollows: (builder) => builder.addCase(topicsRateLimited, (state) => {
    if (state.generate) state.generate.notice = MESSAGES.topicsRateLimitRetry;
  }),
});
