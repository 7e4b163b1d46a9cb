// The follow-up step's request state: generating the questions (followupThunks.ts) as this page runs it, in a slice of its own, which comes with the
// page (src/client-core/pageSlices.ts) and which the device copy never keeps.
import { createSlice } from '@reduxjs/toolkit';
import { addPageSlice } from '../../client-core/pageSlices.ts';
import { addRequestCases, afterPageLeft, idleRequest } from '../../client-core/requestState.ts';
import type { RequestState } from '../../client-core/requestState.ts';
import { MESSAGES } from '../../common/contract/messages.ts';
import { followupPageLeft } from './followupSlice.ts';
import { generateQuestions } from './followupThunks.ts';

type FollowupRequests = { generate: RequestState };
type FollowupRequestsRootState = { followupRequests?: FollowupRequests };

const initialState: FollowupRequests = { generate: idleRequest };

export const followupRequestsSlice = createSlice({
  name: 'followupRequests',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    // The student left the page: a finished request's message goes (one on its way settles when it ends).
    builder.addCase(followupPageLeft, (state) => {
      state.generate = afterPageLeft(state.generate);
    });
    // A failure puts the seven default questions in place (followupSlice.ts) and says so.
    addRequestCases(builder, 'generate', generateQuestions, () => MESSAGES.questionsFailed);
  },
});

export const selectQuestionsRequest = (state: object): RequestState => (state as FollowupRequestsRootState).followupRequests?.generate ?? idleRequest;

addPageSlice(followupRequestsSlice);
