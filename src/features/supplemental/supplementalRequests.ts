// The supplemental branch's request state: generating an essay (supplementalThunks.ts) as this page runs it, in a slice of its own, which comes with the
// page (src/client-core/pageSlices.ts) and which the device copy never keeps.
import { createSlice } from '@reduxjs/toolkit';
import { addPageSlice } from '../../client-core/pageSlices.ts';
import { addRequestCases, afterPageLeft, idleRequest } from '../../client-core/requestState.ts';
import type { RequestState } from '../../client-core/requestState.ts';
import { MESSAGES } from '../../common/contract/messages.ts';
import { supplementalPageLeft } from './supplementalSlice.ts';
import { generateSupplemental } from './supplementalThunks.ts';

type SupplementalRequests = { generate: RequestState };
type SupplementalRequestsRootState = { supplementalRequests?: SupplementalRequests };

const initialState: SupplementalRequests = { generate: idleRequest };

export const supplementalRequestsSlice = createSlice({
  name: 'supplementalRequests',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    // The student left the page: a finished request's message goes (one on its way settles when it ends).
    builder.addCase(supplementalPageLeft, (state) => {
      state.generate = afterPageLeft(state.generate);
    });
    // A used-up daily quota is explained in the server's words; anything else is MESSAGES.essayFailed.
    addRequestCases(builder, 'generate', generateSupplemental, (failure) => (failure.status === 429 ? failure.message : MESSAGES.essayFailed));
  },
});

export const selectSupplementalRequest = (state: object): RequestState => (state as SupplementalRequestsRootState).supplementalRequests?.generate ?? idleRequest;

addPageSlice(supplementalRequestsSlice);
