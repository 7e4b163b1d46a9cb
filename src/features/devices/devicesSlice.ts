// The devices list, and its calls' state in a requests slice of its own: this panel's, never kept on the device.
// Both come with the panel (src/client-core/pageSlices.ts), with the thunks they follow, so the app shell every
// page loads carries neither.
import { createSlice } from '@reduxjs/toolkit';
import { addPageSlice } from '../../client-core/pageSlices.ts';
import type { z } from 'zod';
import type { deviceSchema } from '../../common/contract/contract.ts';
import { addRequestCases, idleRequest, type RequestState } from '../../client-core/requestState.ts';
import { loadDevices, signOutDevice, signOutThisDevice } from './devicesThunks.ts';

export type Device = z.output<typeof deviceSchema>;

export type DevicesState = {
  list: Device[] | null;
  /** Changes only on this device, found when signing it out: the student chooses what happens to them. */
  unsentChanges: number;
};
type DevicesRequests = { load: RequestState; signOut: RequestState };
type DevicesRootState = { devices?: DevicesState; devicesRequests?: DevicesRequests };

const initialState: DevicesState = { list: null, unsentChanges: 0 };

export const devicesSlice = createSlice({
  name: 'devices',
  initialState,
  reducers: {
    /** "Stay signed in": the question about unsent changes is closed, nothing signed out. */
    stayedSignedIn(state) {
      state.unsentChanges = 0;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadDevices.fulfilled, (state, action) => {
        state.list = action.payload;
      })
      .addCase(signOutDevice.fulfilled, (state, action) => {
        state.list = state.list?.filter((device) => device.id !== action.payload) ?? null;
      })
      .addCase(signOutThisDevice.fulfilled, (state, action) => {
        state.unsentChanges = action.payload;
      });
  },
});

const initialRequests: DevicesRequests = { load: idleRequest, signOut: idleRequest };

export const devicesRequestsSlice = createSlice({
  name: 'devicesRequests',
  initialState: initialRequests,
  reducers: {},
  extraReducers: (builder) => {
    addRequestCases(builder, 'load', loadDevices, (error) => `Your devices could not be listed: ${error.message || 'please try again.'}`);
    addRequestCases(builder, 'signOut', signOutDevice, (error) => `That device could not be signed out: ${error.message || 'please try again.'}`);
    addRequestCases(builder, 'signOut', signOutThisDevice, (error) => `This device could not be signed out: ${error.message || 'please try again.'}`);
  },
});

addPageSlice(devicesSlice);
addPageSlice(devicesRequestsSlice);

export const { stayedSignedIn } = devicesSlice.actions;

// Read as their initial state until the first action after the panel's chunk arrived injects them.
export const selectDevices = (state: object): DevicesState => (state as DevicesRootState).devices ?? initialState;
export const selectDevicesRequests = (state: object): DevicesRequests =>
  (state as DevicesRootState).devicesRequests ?? initialRequests;
