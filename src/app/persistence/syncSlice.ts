// What the remote sync must remember across reloads, kept in the device copy beside the answers it
// describes (one redux-persist write holds both, so they never disagree): the remote revision this device
// last saw, the sections edited here since then (they win a conflict), and a "Start over" not yet sent.
import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { FormSection } from '../../shared/formDocument.ts';
import { formReset } from '../documentActions.ts';

export type SyncState = {
  /** The remote revision the device copy is based on; 0 until the first successful sync. */
  revision: number;
  /** Top-level sections edited on this device since the last successful sync. */
  dirty: FormSection[];
  /** "Start over" has not reached the remote yet. */
  resetPending: boolean;
};
export type SyncRootState = { sync: SyncState };

const initialState: SyncState = { revision: 0, dirty: [], resetPending: false };

export const syncSlice = createSlice({
  name: 'sync',
  initialState,
  reducers: {
    sectionsEdited(state, action: PayloadAction<FormSection[]>) {
      for (const section of action.payload) if (!state.dirty.includes(section)) state.dirty.push(section);
    },
    /** The remote copy was read (start-up, another tab saved, a conflict) and merged in. */
    remoteAdopted(state, action: PayloadAction<{ revision: number; dirty: FormSection[] }>) {
      state.revision = action.payload.revision;
      state.dirty = action.payload.dirty;
    },
    /** A write took; `dirty` is what the student changed while it was on its way. */
    documentSynced(state, action: PayloadAction<{ revision: number; dirty: FormSection[] }>) {
      state.revision = action.payload.revision;
      state.dirty = action.payload.dirty;
    },
    resetSynced(state, action: PayloadAction<{ revision: number }>) {
      state.revision = action.payload.revision;
      state.resetPending = false;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(formReset, (state) => {
      state.dirty = [];
      state.resetPending = true;
    });
  },
});

export const { sectionsEdited, remoteAdopted, documentSynced, resetSynced } = syncSlice.actions;

export const selectHasUnsyncedChanges = (state: SyncRootState): boolean =>
  state.sync.dirty.length > 0 || state.sync.resetPending;
