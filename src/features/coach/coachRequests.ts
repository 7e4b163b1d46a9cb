// The coach's request state: "Ask the coach" (coachThunks.ts) as this page runs it, in a slice of its own, which comes with the
// page (src/client-core/pageSlices.ts) and which the device copy never keeps.
import { createSlice } from '@reduxjs/toolkit';
import { addPageSlice } from '../../client-core/pageSlices.ts';
import { addRequestCases, afterPageLeft, idleRequest } from '../../client-core/requestState.ts';
import type { RequestState } from '../../client-core/requestState.ts';
import { coachPageLeft } from './coachSlice.ts';
import { askCoach } from './coachThunks.ts';

type CoachRequests = { ask: RequestState };
type CoachRequestsRootState = { coachRequests?: CoachRequests };

const initialState: CoachRequests = { ask: idleRequest };

export const coachRequestsSlice = createSlice({
  name: 'coachRequests',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    // The student left the page: a finished request's message goes (one on its way settles when it ends).
    builder.addCase(coachPageLeft, (state) => {
      state.ask = afterPageLeft(state.ask);
    });
    addRequestCases(builder, 'ask', askCoach, (failure) => (failure.status === 429
      ? failure.message
      : 'The coach could not reach the model. The questions below are the coach\'s own rules, worked out on this device.'));
  },
});

export const selectCoachRequest = (state: object): RequestState => (state as CoachRequestsRootState).coachRequests?.ask ?? idleRequest;

addPageSlice(coachRequestsSlice);
