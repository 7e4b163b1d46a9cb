// The supplemental branch's request state: generating an essay (supplementalThunks.ts) as this page runs it, in a
// slice of its own, which comes with the page (src/client-core/pageSlices.ts) and which the device copy never keeps.
import { pageRequest } from '../../client-core/requestState.ts';
import { MESSAGES } from '../../common/contract/messages.ts';
import { supplementalPageLeft } from './supplementalSlice.ts';
import { generateSupplemental } from './supplementalThunks.ts';

export const selectSupplementalRequest = pageRequest({
  name: 'supplementalRequests', key: 'generate', thunk: generateSupplemental, pageLeft: supplementalPageLeft,
  // A used-up daily quota is explained in the server's words; anything else is MESSAGES.essayFailed.
  failureMessage: (failure) => (failure.status === 429 ? failure.message : MESSAGES.essayFailed),
});
