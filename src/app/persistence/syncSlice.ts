// Where the student's data is, in two slices:
// - `sync`: what the remote sync must remember across reloads, kept in the device copy beside the answers it
//   describes (one redux-persist write holds both, so they never disagree): the remote revision this device
//   last saw, the sections edited here since then (they win a conflict) with what each held before the edit,
//   a "Start over" not yet sent, and the other side's text of a section both changed (offered back);
// - `remoteSync`, this page's own, never stored: what the header and start-up show (the sync status, whether a
//   device copy was found, how the start-up read of the remote copy went, the last failed save) and the run's
//   request state (whether a run is on its way, the backoff after failures, what the next run reads first).
import { createSlice, original } from '@reduxjs/toolkit';
import type { PayloadAction, UnknownAction } from '@reduxjs/toolkit';
import { REHYDRATE } from 'redux-persist';
import type { ApiErrorValue } from '../../api/index.ts';
import type { FormDocument, FormSection } from '../../common/questionnaire/formDocument.ts';
import { formReset, replacedSectionSettled } from '../../client-core/documentActions.ts';
import { thunkPhase } from '../../client-core/requestState.ts';
import type { AsyncStatus } from '../../client-core/session.ts';
import { startSession } from '../session/index.ts';
import { QUESTIONNAIRE_SECTIONS } from './formSections.ts';

/** Saved on this device only / also synced to the remote store / the remote cannot be reached. */
export type SyncStatus = 'device' | 'synced' | 'offline';

export type SavedSync = {
  /** The remote revision the device copy is based on; 0 until the first successful sync. */
  revision: number;
  /** Top-level sections edited on this device since the last successful sync. */
  dirty: FormSection[];
  /** "Start over" has not reached the remote yet. */
  resetPending: boolean;
};

/**
 * The part kept in the device copy. `before`: each section edited here since the last sync as it was before the
 * edit, so a conflict can tell a section the other side changed too from one it only still holds as it was.
 * `replaced`: a section both sides changed, as the other side had it when this device's edit won; the student
 * may put it back. Both are absent when empty (and in a device copy from before they existed).
 */
export type SyncState = { saved: SavedSync; before?: Partial<FormDocument>; replaced?: Partial<FormDocument> };

/** Keeps only `sections` of a partial document; undefined when none is left. */
function only(doc: Partial<FormDocument> | undefined, sections: readonly FormSection[]): Partial<FormDocument> | undefined {
  if (doc === undefined) return undefined;
  const kept = Object.fromEntries(Object.entries(doc).filter(([section]) => sections.includes(section as FormSection)));
  return Object.keys(kept).length > 0 ? kept as Partial<FormDocument> : undefined;
}

function setOrDelete<K extends 'before' | 'replaced'>(state: SyncState, key: K, value: Partial<FormDocument> | undefined): void {
  if (value === undefined) delete state[key];
  else state[key] = value;
}

/**
 * A write sent without a final answer (no answer, a timeout, a 5xx): it may have taken. It goes again as it was,
 * with its Idempotency-Key, before anything newer, so its answer is its own success, never a conflict with itself.
 */
export type WriteInDoubt<Sent> = { key: string; baseRevision: number; sent: Sent };

export type RemoteSyncState = {
  /** The form document's write in doubt (`sent`: the document as sent). */
  documentInDoubt: WriteInDoubt<FormDocument> | null;
  /** The essay versions' batch in doubt (`sent`: the ids of its versions). */
  versionsInDoubt: WriteInDoubt<string[]> | null;
  status: SyncStatus;
  /** Whether redux-persist found a device copy; null until it has looked. */
  deviceCopy: boolean | null;
  /** The start-up read of the remote copy (the device copy, when there is one, renders meanwhile). */
  load: AsyncStatus;
  /** The last failed save while changes are still unsent; null once a save succeeds. */
  saveError: ApiErrorValue | null;
  /** The remote sync's run (syncRemote): at most one is on its way. */
  run: 'idle' | 'pending';
  /** Failed runs in a row: the backoff grows with them. */
  failures: number;
  /**
   * No run before this time (ms since the epoch): the backoff after a failure, or the server's Retry-After
   * (`fromServer`, which the browser coming back online does not lift). Edits never bring it forward.
   */
  retry: { at: number; fromServer: boolean } | null;
  /** The next run reads the remote document first (another tab saved, the tab came back into view). */
  pullWanted: boolean;
  /** The next run reads the remote versions (another tab stored some, a session started). */
  versionsPullWanted: boolean;
};
export type SyncRootState = { sync: SyncState; remoteSync: RemoteSyncState };

export const initialSavedSync: SavedSync = { revision: 0, dirty: [], resetPending: false };
const initialRemoteSync: RemoteSyncState = {
  documentInDoubt: null, versionsInDoubt: null, status: 'device', deviceCopy: null, load: 'idle', saveError: null,
  run: 'idle', failures: 0, retry: null, pullWanted: false, versionsPullWanted: true,
};

/**
 * The remote sync's thunk (syncRun.ts) is named here so this slice can keep its request state without
 * importing it (that module dispatches this slice's actions).
 */
export const SYNC_RUN = 'sync/run';

const isRehydrate = (action: UnknownAction): action is UnknownAction & { payload?: unknown } =>
  action.type === REHYDRATE;

export const syncSlice = createSlice({
  name: 'sync',
  initialState: { saved: initialSavedSync } as SyncState,
  reducers: {
    /**
     * Sections edited here, with what the questionnaire's held before this first edit since the last sync (in
     * the same action, so the device copy never holds the mark without it).
     */
    sectionsEdited(state, action: PayloadAction<{ sections: FormSection[]; before?: Partial<FormDocument> }>) {
      const { sections, before } = action.payload;
      for (const section of sections) if (!state.saved.dirty.includes(section)) state.saved.dirty.push(section);
      const kept = only(before, QUESTIONNAIRE_SECTIONS);
      if (kept !== undefined) state.before = { ...kept, ...state.before };
    },
    /**
     * The device is now based on remote `revision`, with `dirty` still its own to send: after the remote copy
     * was read and merged in (start-up, another tab saved, a conflict), or after a write took (`saved`; then
     * `dirty` is what the student changed while it was on its way). `seen`: what the remote now holds of
     * sections still dirty here (their new `before`); `replaced`: the remote's text of sections both changed.
     */
    remoteRevisionReached(state, action: PayloadAction<{
      revision: number; dirty: FormSection[]; saved?: boolean; seen?: Partial<FormDocument>; replaced?: Partial<FormDocument>;
    }>) {
      const { revision, dirty, seen, replaced } = action.payload;
      state.saved.revision = revision;
      state.saved.dirty = dirty;
      setOrDelete(state, 'before', only({ ...state.before, ...only(seen, QUESTIONNAIRE_SECTIONS) }, dirty));
      if (replaced !== undefined && Object.keys(replaced).length > 0) state.replaced = { ...state.replaced, ...replaced };
    },
    resetSynced(state, action: PayloadAction<{ revision: number }>) {
      state.saved.revision = action.payload.revision;
      state.saved.resetPending = false;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(replacedSectionSettled, (state, action) => {
        const sections = Object.keys(state.replaced ?? {}).filter((section) => section !== action.payload) as FormSection[];
        setOrDelete(state, 'replaced', only(state.replaced, sections));
      })
      .addCase(formReset, (state) => {
        state.saved.dirty = [];
        state.saved.resetPending = true;
        delete state.before;
        delete state.replaced;
      })
      // The stored memory is taken unless the sync already moved on (an edit before the copy was read). The
      // slice is replaced either way, so redux-persist's merge, which leaves a slice the rehydration changed
      // alone, never mixes the two.
      .addMatcher(isRehydrate, (state, action) => {
        const storedSync = (action.payload as { sync?: SyncState } | null | undefined)?.sync;
        const current = original(state)!;
        const taken = storedSync?.saved && current.saved === initialSavedSync ? storedSync : current;
        return {
          saved: taken.saved,
          ...(taken.before ? { before: taken.before } : {}),
          ...(taken.replaced ? { replaced: taken.replaced } : {}),
        };
      });
  },
});

export const remoteSyncSlice = createSlice({
  name: 'remoteSync',
  initialState: initialRemoteSync,
  reducers: {
    /** A write leaves (its outcome unknown until answered); null: it was answered, one way or the other. */
    documentWriteInDoubt(state, action: PayloadAction<WriteInDoubt<FormDocument> | null>) {
      state.documentInDoubt = action.payload;
    },
    versionsWriteInDoubt(state, action: PayloadAction<WriteInDoubt<string[]> | null>) {
      state.versionsInDoubt = action.payload;
    },
    syncStatusChanged(state, action: PayloadAction<SyncStatus>) {
      state.status = action.payload;
    },
    remoteLoadStarted(state) {
      state.pullWanted = false;
      // A retry after a failure keeps the failure on screen rather than flashing the loading screen.
      if (state.load === 'idle') state.load = 'pending';
    },
    remoteLoadSucceeded(state) {
      state.load = 'succeeded';
    },
    remoteLoadFailed(state) {
      state.pullWanted = true;
      if (state.load !== 'succeeded') state.load = 'failed';
    },
    /** The next run reads the versions; set again by a failed read so it is not forgotten. */
    versionsPullStarted(state) {
      state.versionsPullWanted = false;
    },
    versionsPullFailed(state) {
      state.versionsPullWanted = true;
    },
    /**
     * Another tab or device may have saved (a tab's message, the tab coming back into view): `revision`
     * newer than this device's means the document, `versions` the essay versions.
     */
    remoteChangedElsewhere(state, action: PayloadAction<{ document?: boolean; versions?: boolean }>) {
      if (action.payload.document) state.pullWanted = true;
      if (action.payload.versions) state.versionsPullWanted = true;
    },
    /** A failed run is tried again at `at`; the backoff grows. */
    syncRetryScheduled(state, action: PayloadAction<{ at: number; fromServer: boolean }>) {
      state.failures += 1;
      state.retry = action.payload;
    },
    browserWentOnline(state) {
      // The connection is back: the backoff starts afresh, but a wait the server asked for still holds.
      state.failures = 0;
      if (state.retry?.fromServer !== true) state.retry = null;
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
      .addCase(startSession.fulfilled, (state) => {
        // A new session: what the remote holds for it is read before anything is sent.
        state.pullWanted = true;
        state.versionsPullWanted = true;
      })
      .addMatcher(thunkPhase(SYNC_RUN, 'pending'), (state) => {
        state.run = 'pending';
      })
      .addMatcher(thunkPhase(SYNC_RUN, 'fulfilled'), (state) => {
        state.run = 'idle';
        state.failures = 0;
        state.retry = null;
      })
      .addMatcher(thunkPhase(SYNC_RUN, 'rejected'), (state) => {
        state.run = 'idle';
      })
      .addMatcher(isRehydrate, (state, action) => {
        state.deviceCopy = action.payload !== undefined && action.payload !== null;
      });
  },
});

export const { sectionsEdited, remoteRevisionReached, resetSynced } = syncSlice.actions;
export const {
  documentWriteInDoubt, versionsWriteInDoubt, syncStatusChanged, remoteLoadStarted, remoteLoadSucceeded, remoteLoadFailed, remoteSaveFailed, remoteSaveSucceeded,
  versionsPullStarted, versionsPullFailed, remoteChangedElsewhere, syncRetryScheduled, browserWentOnline,
} = remoteSyncSlice.actions;

export const selectHasUnsyncedChanges = (state: SyncRootState): boolean =>
  state.sync.saved.dirty.length > 0 || state.sync.saved.resetPending;
export const selectSyncStatus = (state: SyncRootState): SyncStatus => state.remoteSync.status;
export const selectSaveError = (state: SyncRootState): ApiErrorValue | null => state.remoteSync.saveError;
/** The device copy has been read back and held the student's data. */
export const selectHasDeviceCopy = (state: SyncRootState): boolean => state.remoteSync.deviceCopy === true;
/** Ready to show the student's data: a device copy was found, or the remote copy has been read. */
export const selectDocumentReady = (state: SyncRootState): boolean =>
  state.remoteSync.deviceCopy === true || state.remoteSync.load === 'succeeded';
/** Nothing on this device and the remote copy could not be read: start-up shows its failure page. */
export const selectDocumentLoadFailed = (state: SyncRootState): boolean =>
  state.remoteSync.deviceCopy === false && state.remoteSync.load === 'failed';
