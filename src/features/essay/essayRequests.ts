// The essay step's request state: generating the essay (essayThunks.ts) as this page runs it, in a slice of its
// own, which comes with the page (src/client-core/pageSlices.ts) and which the device copy never keeps.
import { createSlice } from '@reduxjs/toolkit';
import type { ApiErrorValue } from '../../api/index.ts';
import { addPageSlice } from '../../client-core/pageSlices.ts';
import { addRequestCases, idleRequest } from '../../client-core/requestState.ts';
import type { RequestState } from '../../client-core/requestState.ts';
import { MESSAGES } from '../../common/contract/messages.ts';
import { generateEssay } from './essayThunks.ts';
import { resultPageLeft } from './essayStreamSlice.ts';

type EssayRequests = { generate: RequestState };
type EssayRequestsRootState = { essayRequests?: EssayRequests };

/** A 402 asks for the upgrade; a limit the student hit says what to do about it; anything else is essayFailed. */
const essayErrorMessage = (error: ApiErrorValue): string => {
  if (error.status === 402 || error.code === 'payment_required') return MESSAGES.upgradeRequired;
  if (error.status === 429) return `${MESSAGES.essayFailed} ${error.message}`;
  return MESSAGES.essayFailed;
};

const initialState: EssayRequests = { generate: idleRequest };

export const essayRequestsSlice = createSlice({
  name: 'essayRequests',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    // The page aborts its run as it goes: the request is over now, not once the abort has gone round (a page
    // opened again at once may start the next).
    builder.addCase(resultPageLeft, (state) => {
      state.generate = idleRequest;
    });
    addRequestCases(builder, 'generate', generateEssay, essayErrorMessage);
  },
});

export const selectEssayRequest = (state: object): RequestState => (state as EssayRequestsRootState).essayRequests?.generate ?? idleRequest;

addPageSlice(essayRequestsSlice);
