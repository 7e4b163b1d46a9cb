// The persistence listener: the one listener that keeps both copies of the student's data.
// - Device copy: each change to a persisted slice is handed to redux-persist's write at once, in the same
//   task as the change (redux-persist alone would wait for a timer tick, which a busy frame pushes past its
//   paint).
// - Remote copy: a run of the remote sync (syncRun.ts) SYNC_DELAY_MS after the student's last edit, debounced
//   with the listener API itself: each edit cancels the instance still waiting and waits afresh. Cancelling
//   only cancels the wait: a run already started is a thunk that always finishes and applies its outcome
//   (its revision, its reconciled conflict or its failure). One run at a time: an instance waits for the run
//   on its way, so typing during a write makes exactly one more write, based on the write's new revision. A
//   failed run is retried after a backoff (or the server's Retry-After), which an edit never brings forward.
// Other starts need no pause: start-up (unsent sections go without typing), a session, "Start over", the
// browser coming back online, another tab saying it saved (persistence.ts turns the browser's events into
// these actions).
import { createAction, isAnyOf } from '@reduxjs/toolkit';
import type { ListenerEffectAPI, UnknownAction } from '@reduxjs/toolkit';
import { REHYDRATE } from 'redux-persist';
import { isRetryable, toApiErrorValue } from '../../api/index.ts';
import type { ApiErrorValue } from '../../api/index.ts';
import { formDocumentLoaded, formReset } from '../../client-core/documentActions.ts';
import { essayVersionsDelivered, essayVersionsLetGo, essayVersionsReceived } from '../../client-core/essayVersions.ts';
import { selectFormDocument } from '../formDocument.ts';
import { sessionExpired, startSession } from '../session/index.ts';
import type { AppDispatch, RootState, ThunkExtra } from '../store.ts';
import { deviceCopyChanged } from './localPersistence.ts';
import { changedSections } from './formSections.ts';
import { syncRemote } from './syncRun.ts';
import {
  browserWentOnline, remoteChangedElsewhere, remoteRevisionReached, remoteSaveFailed, resetSynced, sectionsEdited,
  selectHasUnsyncedChanges, syncRetryScheduled, syncStatusChanged,
} from './syncSlice.ts';
import { stageDocumentsEdited, stageDocumentsUnsent } from './stageDocuments.ts';
import { unsentVersions, versionsChanged } from './versionBudget.ts';

/** The remote write follows the student's last change by this much, so a burst of typing costs one write. */
export const SYNC_DELAY_MS = 500;
/** A failure that may pass is retried after 1 s, then 2, 4, 8 and at most 10 s (each ±20 %). */
export const RETRY_MIN_MS = 1000;
export const RETRY_MAX_MS = 10_000;

/** The device copy has been read (or there is none): sections an earlier tab left unsent may go now. */
export const persistenceStarted = createAction('sync/persistenceStarted');

export type RemoteSyncOptions = {
  /** Resolves once the device copy has been read back (and the first screen painted): nothing remote before. */
  ready: Promise<void>;
  /** navigator.onLine: offline, nothing is attempted until the browser says it is back. */
  isOnline: () => boolean;
  /** Tells this browser's other tabs what was saved. */
  announce: (message: { revision: number } | { versions: true }) => void;
  /** The backoff's jitter (tests pin it). */
  random: () => number;
};

export type PersistenceListenerOptions = {
  /** Hands the device copy to storage now (redux-persist's flush). */
  flush: () => void;
  /** The remote side; null keeps the device copy alone. */
  remote: RemoteSyncOptions | null;
};

/**
 * Loads are not edits: the device copy being read back, the remote copy arriving, or "Start over". A section's
 * other version put back by the student ("Restore my version") is an edit.
 */
const isLoad = (action: UnknownAction): boolean => action.type === REHYDRATE || formReset.match(action)
  || (formDocumentLoaded.match(action) && action.payload.source !== 'restored');

/** Did this action keep a new essay version on this device (not one the remote sync read or marked)? */
const versionsKept = (action: UnknownAction, current: RootState, previous: RootState): boolean =>
  versionsChanged(current, previous) && !essayVersionsReceived.match(action) && !essayVersionsDelivered.match(action) && !essayVersionsLetGo.match(action);

const startsAtOnce = isAnyOf(persistenceStarted, formReset, startSession.fulfilled, browserWentOnline, remoteChangedElsewhere);

/** The remote sync has something to do: a document to read or send, versions to send, a stage's document. */
const hasWork = (state: RootState): boolean =>
  state.remoteSync.load !== 'succeeded' || selectHasUnsyncedChanges(state) || unsentVersions(state).length > 0 || stageDocumentsUnsent(state);

type Start = 'afterPause' | 'now' | { failed: ApiErrorValue };

type EffectApi = ListenerEffectAPI<RootState, AppDispatch, ThunkExtra>;

/** The listener's predicate and effect, for `addAppListener` (persistence.ts registers it on its store). */
export function persistenceListener(options: PersistenceListenerOptions) {
  const { remote } = options;

  /** What this action asks of the remote sync, noting the student's edits on the way. */
  function startFor(action: UnknownAction, current: RootState, previous: RootState, dispatch: (action: UnknownAction) => void): Start | null {
    if (startsAtOnce(action)) return 'now';
    if (syncRemote.rejected.match(action)) return { failed: action.payload ?? toApiErrorValue(action.error) };
    // A sign-in started elsewhere failed while nothing ran: the sync waited for it, so it is its failure too
    // (offline, the browser's `online` event starts the next run instead).
    if (startSession.rejected.match(action) && current.remoteSync.run !== 'pending' && hasWork(current) && remote?.isOnline() !== false) {
      return { failed: action.payload ?? toApiErrorValue(action.error) };
    }
    if (isLoad(action) || !deviceCopyChanged(current, previous)) return null;
    const edited = changedSections(selectFormDocument(previous), selectFormDocument(current));
    const fresh = edited.filter((section) => !current.sync.saved.dirty.includes(section));
    if (fresh.length > 0) {
      const was = selectFormDocument(previous);
      dispatch(sectionsEdited({ sections: fresh, before: Object.fromEntries(fresh.map((section) => [section, was[section]])) }));
    }
    if (edited.length > 0) dispatch(syncStatusChanged(remote?.isOnline() === false ? 'offline' : 'device'));
    return edited.length > 0 || versionsKept(action, current, previous) || stageDocumentsEdited(current, previous) ? 'afterPause' : null;
  }

  function announce(action: UnknownAction): void {
    if (remoteRevisionReached.match(action) && action.payload.saved) remote?.announce({ revision: action.payload.revision });
    else if (resetSynced.match(action)) remote?.announce({ revision: action.payload.revision });
    else if (essayVersionsDelivered.match(action) && action.payload.remote === 'stored') remote?.announce({ versions: true });
  }

  return {
    predicate: (action: UnknownAction, current: RootState, previous: RootState) => deviceCopyChanged(current, previous)
      || startsAtOnce(action) || syncRemote.rejected.match(action) || startSession.rejected.match(action),
    effect: async (action: UnknownAction, api: EffectApi) => {
      const current = api.getState();
      // The edit's mark first (startFor dispatches it), so the device copy is written once with the answer and
      // its mark: written apart, a page closed between the two writes kept an answer not marked unsent.
      const start = remote === null ? null : startFor(action, current, api.getOriginalState(), api.dispatch);
      // Same task as the change. The flush dispatches too, but changes nothing this listener compares.
      if (deviceCopyChanged(current, api.getOriginalState())) options.flush();
      if (remote === null) return;
      announce(action);
      if (start === null) return;
      api.cancelActiveListeners();
      if (typeof start === 'object') {
        if (!scheduleRetry(start.failed, api)) return;
      }
      await api.pause(remote.ready);
      if (start === 'afterPause') await api.delay(SYNC_DELAY_MS);
      const retry = api.getState().remoteSync.retry;
      if (retry !== null && retry.at > Date.now()) await api.delay(retry.at - Date.now());
      if (api.getState().remoteSync.run === 'pending') await api.condition((_, state) => state.remoteSync.run !== 'pending');
      if (!remote.isOnline()) {
        api.dispatch(syncStatusChanged('offline')); // the browser's `online` event starts the next run
        return;
      }
      // Not through api.pause: a later edit cancels this instance, never the run it started.
      await api.dispatch(syncRemote());
    },
  };

  /** Shows a failed run and sets when it is tried again; false when it is not (a request refused for good). */
  function scheduleRetry(error: ApiErrorValue, api: EffectApi): boolean {
    if (error.code === 'aborted' || remote === null) return false;
    const state = api.getState();
    // The header speaks of the questionnaire: a failure of the versions alone leaves "Saved online" standing.
    const documentBehind = selectHasUnsyncedChanges(state) || state.remoteSync.load !== 'succeeded';
    if (selectHasUnsyncedChanges(state)) api.dispatch(remoteSaveFailed(error));
    if (documentBehind || !remote.isOnline()) api.dispatch(syncStatusChanged(remote.isOnline() ? 'device' : 'offline'));
    // 401: the session cookie is gone (cleared in another tab); a new session, then the same document again.
    if (error.status === 401) api.dispatch(sessionExpired());
    if (!isRetryable(error) && error.code !== 'conflict_loop' && error.status !== 401) return false;
    const backoff = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** state.remoteSync.failures) * (0.8 + 0.4 * remote.random());
    const asked = (error.retryAfterSeconds ?? 0) * 1000;
    api.dispatch(syncRetryScheduled({ at: Date.now() + Math.max(backoff, asked), fromServer: asked > backoff }));
    return true;
  }
}
