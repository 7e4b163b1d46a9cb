// The follow-up step's request state: generating the questions (followupThunks.ts) as this page runs it, in a
// slice of its own, which comes with the page (src/client-core/pageSlices.ts) and which the device copy never keeps.
import { pageRequest } from '../../client-core/requestState.ts';
import { MESSAGES } from '../../common/contract/messages.ts';
import { followupPageLeft } from './followupSlice.ts';
import { generateQuestions } from './followupThunks.ts';

export const selectQuestionsRequest = pageRequest({
  name: 'followupRequests', key: 'generate', thunk: generateQuestions, pageLeft: followupPageLeft,
  // A failure puts the seven default questions in place (followupSlice.ts) and says so.
  failureMessage: () => MESSAGES.questionsFailed,
});
