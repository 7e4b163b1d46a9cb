// The box's calls, as this page's request state (never kept on the device). The answer itself lives in the
// tab's sessionStorage (src/client-core/sharedComputer.ts), read before the store exists.
import { createSlice } from '@reduxjs/toolkit';
import { addRequestCases, idleRequest, type RequestState } from '../../client-core/requestState.ts';
import { markSharedComputer, switchSharedComputer } from './sharedComputerThunks.ts';

type SharedComputerRequests = { switch: RequestState; mark: RequestState };

const initialState: SharedComputerRequests = { switch: idleRequest, mark: idleRequest };

export const sharedComputerRequestsSlice = createSlice({
  name: 'sharedComputerRequests',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    addRequestCases(builder, 'switch', switchSharedComputer, (error) => `${error.message || 'This did not work.'} Please try again.`);
    addRequestCases(builder, 'mark', markSharedComputer,
      (error) => `The server could not be told this is a shared computer: ${error.message || 'please try again.'}`);
  },
});

export const selectSharedComputerRequests = (state: { sharedComputerRequests: SharedComputerRequests }): SharedComputerRequests =>
  state.sharedComputerRequests;
