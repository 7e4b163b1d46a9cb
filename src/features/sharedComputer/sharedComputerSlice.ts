// The box's calls, as this page's request state (never kept on the device), injected with the questionnaire's
// page that shows the box (addPageSlice). The answer itself lives in the tab's sessionStorage
// (src/client-core/sharedComputer.ts), read before the store exists.
import { createSlice } from '@reduxjs/toolkit';
import { addPageSlice } from '../../client-core/pageSlices.ts';
import { addRequestCases, idleRequest, type RequestState } from '../../client-core/requestState.ts';
import { markSharedComputer, switchSharedComputer } from './sharedComputerThunks.ts';

type SharedComputerRequests = { switch: RequestState; mark: RequestState };

const initialState: SharedComputerRequests = { switch: idleRequest, mark: idleRequest };

const sharedComputerRequestsSlice = createSlice({
  name: 'sharedComputerRequests',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    addRequestCases(builder, 'switch', switchSharedComputer, (error) => `${error.message || 'This did not work.'} Please try again.`);
    addRequestCases(builder, 'mark', markSharedComputer,
      (error) => `The server could not be told this is a shared computer: ${error.message || 'please try again.'}`);
  },
});

addPageSlice(sharedComputerRequestsSlice);

// Read as its initial state until the first action after the box's chunk arrived injects it.
export const selectSharedComputerRequests = (state: object): SharedComputerRequests =>
  (state as { sharedComputerRequests?: SharedComputerRequests }).sharedComputerRequests ?? initialState;
