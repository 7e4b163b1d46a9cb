// The essay step's request state: generating the essay (essayThunks.ts) as this page runs it, in a slice of its
// own, which comes with the page (src/client-core/pageSlices.ts) and which the device copy never keeps.
import type { ApiErrorValue } from '../../api/index.ts';
import { pageRequest } from '../../client-core/requestState.ts';
import { MESSAGES } from '../../common/contract/messages.ts';
import { generateEssay } from './essayThunks.ts';
import { resultPageLeft } from './essayStreamSlice.ts';

/** A 402 asks for the upgrade; a limit the student hit says what to do about it; anything else is essayFailed. */
const essayErrorMessage = (error: ApiErrorValue): string => {
  if (error.status === 402 || error.code === 'payment_required') return MESSAGES.upgradeRequired;
  if (error.status === 429) return `${MESSAGES.essayFailed} ${error.message}`;
  return MESSAGES.essayFailed;
};

// The page aborts its run as it goes.
export const selectEssayRequest = pageRequest({
  name: 'essayRequests', key: 'generate', thunk: generateEssay, pageLeft: resultPageLeft, abortsOnLeave: true,
  failureMessage: essayErrorMessage,
});
