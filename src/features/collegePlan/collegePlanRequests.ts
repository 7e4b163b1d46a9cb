// The college list's remote sync, as its request state: whether the remote copy was read since this page load
// (the first run reads it), the last failure, which the page shows, and the write sent without a final answer
// (`inDoubt`: it goes again as it was, with its Idempotency-Key). Never kept on the device.
import { createAction, createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { CollegePlan } from '../../common/collegePlan/schema.ts';

/** A write that may have taken: its key, the revision it was based on and the list as sent. */
export type CollegePlanWriteInDoubt = { key: string; baseRevision: number; sent: CollegePlan };
export type CollegePlanRequestsState = { read: boolean; error: string | null; inDoubt: CollegePlanWriteInDoubt | null };
export type CollegePlanRequestsRootState = { collegePlanRequests: CollegePlanRequestsState };

export const collegePlanSyncSucceeded = createAction('collegePlanRequests/syncSucceeded');
export const collegePlanSyncFailed = createAction<string>('collegePlanRequests/syncFailed');
export const collegePlanWriteInDoubt = createAction<CollegePlanWriteInDoubt | null>('collegePlanRequests/writeInDoubt');

const initialState: CollegePlanRequestsState = { read: false, error: null, inDoubt: null };

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
      })
      .addCase(collegePlanWriteInDoubt, (state, { payload }) => {
        state.inDoubt = payload;
      });
  },
});
