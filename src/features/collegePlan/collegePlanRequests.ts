// The college list's remote sync, as its request state: whether the remote copy was read since this page load
// (the first run reads it) and the last failure, which the page shows. Never kept on the device.
import { createAction, createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';

export type CollegePlanRequestsState = { read: boolean; error: string | null };
export type CollegePlanRequestsRootState = { collegePlanRequests: CollegePlanRequestsState };

export const collegePlanSyncSucceeded = createAction('collegePlanRequests/syncSucceeded');
export const collegePlanSyncFailed = createAction<string>('collegePlanRequests/syncFailed');

const initialState: CollegePlanRequestsState = { read: false, error: null };

export const collegePlanRequestsSlice = createSlice({
  name: 'collegePlanRequests',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(collegePlanSyncSucceeded, (state) => {
        state.read = true;
        state.error = null;
      })
      .addCase(collegePlanSyncFailed, (state, { payload }: PayloadAction<string>) => {
        state.error = payload;
      });
  },
});
