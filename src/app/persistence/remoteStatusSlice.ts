// What start-up and the save path show the student about the remote copy, never persisted: whether a
// device copy was found, how the start-up read of the remote copy went, and the last failed save.
import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction, UnknownAction } from '@reduxjs/toolkit';
import { REHYDRATE } from 'redux-persist';
import type { ApiErrorValue } from '../../api/index.ts';
import { startSession } from '../session/index.ts';
import type { AsyncStatus } from '../session/index.ts';

export type RemoteStatusState = {
  /** Whether redux-persist found a device copy; null until it has looked. */
  deviceCopy: boolean | null;
  /** The start-up read of the remote copy (the device copy, when there is one, renders meanwhile). */
  load: AsyncStatus;
  /** The last failed save while changes are still unsent; null once a save succeeds. */
  saveError: ApiErrorValue | null;
};
export type RemoteStatusRootState = { remoteStatus: RemoteStatusState };

const initialState: RemoteStatusState = { deviceCopy: null, load: 'idle', saveError: null };

const isRehydrate = (action: UnknownAction): action is UnknownAction & { payload?: unknown } =>
  action.type === REHYDRATE;

export const remoteStatusSlice = createSlice({
  name: 'remoteStatus',
  initialState,
  reducers: {
    remoteLoadStarted(state) {
      // A retry after a failure keeps the failure on screen rather than flashing the loading screen.
      if (state.load === 'idle') state.load = 'pending';
    },
    remoteLoadSucceeded(state) {
      state.load = 'succeeded';
    },
    remoteLoadFailed(state) {
      if (state.load !== 'succeeded') state.load = 'failed';
    },
    remoteSaveFailed(state, action: PayloadAction<ApiErrorValue>) {
      state.saveError = action.payload;
    },
    remoteSaveSucceeded(state) {
      state.saveError = null;
    },
  },
  extraReducers: (builder) => {
    builder
      // Without a session the remote copy cannot be read either.
      .addCase(startSession.rejected, (state) => {
        if (state.load !== 'succeeded') state.load = 'failed';
      })
      .addMatcher(isRehydrate, (state, action) => {
        state.deviceCopy = action.payload !== undefined && action.payload !== null;
      });
  },
});

export const {
  remoteLoadStarted, remoteLoadSucceeded, remoteLoadFailed, remoteSaveFailed, remoteSaveSucceeded,
} = remoteStatusSlice.actions;

export const selectSaveError = (state: RemoteStatusRootState): ApiErrorValue | null => state.remoteStatus.saveError;
/** Ready to show the student's data: a device copy was found, or the remote copy has been read. */
export const selectDocumentReady = (state: RemoteStatusRootState): boolean =>
  state.remoteStatus.deviceCopy === true || state.remoteStatus.load === 'succeeded';
/** The start-up load failure: nothing on this device and the remote copy could not be read. */
export const selectDocumentLoadFailed = (state: RemoteStatusRootState): boolean =>
  state.remoteStatus.deviceCopy === false && state.remoteStatus.load === 'failed';
