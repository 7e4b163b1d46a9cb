// The remote side of persistence: one worker per store that sends the form document to
// the remote backend once the student pauses for SYNC_DELAY_MS, one request at a time, always the newest
// document. A failure that may pass (no network, 5xx, 429) is shown and retried with backoff, and at once
// when the browser is back online; a permanent 4xx is reported once and waits for the next edit. It starts
// working as soon as the device copy is read, so sections left unsent by an earlier tab go without typing. A stale write (409) is
// reconciled section by section (reconcile.ts) and sent again. The device copy is never written here:
// redux-persist owns it, and the sync's own memory (`sync.saved`) travels inside it.
import { ApiError, isRetryable, toApiErrorValue } from '../../api/index.ts';
import type { ApiErrorValue } from '../../api/index.ts';
import type { RemoteBackend, RemoteDocument } from '../../remote/index.ts';
import { formDocumentLoaded } from '../../client-core/documentActions.ts';
import { selectFormDocument } from '../formDocument.ts';
import { sessionExpired, startSession } from '../session/index.ts';
import type { AppDispatch, RootState } from '../store.ts';
import { planAdoption } from './reconcile.ts';
import {
  remoteLoadFailed, remoteLoadStarted, remoteLoadSucceeded, remoteRevisionReached, remoteSaveFailed, remoteSaveSucceeded,
  resetSynced, selectHasUnsyncedChanges, syncStatusChanged,
} from './syncSlice.ts';
import type { SyncStatus } from './syncSlice.ts';
import { createSyncSchedule } from './syncSchedule.ts';

/** Conflicts in a row before the worker backs off (another tab saving in a tight loop). */
const MAX_CONFLICTS = 3;

export interface SyncEngineDeps {
  getState: () => RootState;
  dispatch: AppDispatch;
  remote: RemoteBackend;
  /** navigator.onLine: offline, nothing is attempted until the browser says it is back. */
  isOnline: () => boolean;
  /** Resolves once the device copy has been read back; nothing remote happens before. */
  ready: Promise<void>;
  /** Tells this browser's other tabs that the remote moved on to `revision`. */
  announce?: (revision: number) => void;
  random?: () => number;
}

export interface SyncEngine {
  /** The student changed the document: send it once they pause. */
  changed(): void;
  /** Work now rather than after a pause or a backoff; `pull` reads the remote copy first. */
  syncNow(options?: { pull?: boolean }): void;
  /** The browser is back online: work now, and start the backoff afresh if this attempt fails. */
  cameOnline(): void;
  wentOffline(): void;
  /**
   * A sign-in started elsewhere (start-up, the online event) failed. The worker waited for it, so without
   * this it would wait for the next edit; it is treated as the worker's own failure.
   */
  signInFailed(error: ApiErrorValue): void;
  /** Resolves when the worker has nothing in hand (tests). */
  settled(): Promise<void>;
  stop(): void;
}

export function createSyncEngine(deps: SyncEngineDeps): SyncEngine {
  const { getState, dispatch, remote } = deps;
  const abort = new AbortController();
  let pullWanted = false;
  let waitingForSignIn = false;
  const schedule = createSyncSchedule({ ready: deps.ready, step, random: deps.random });

  const setStatus = (status: SyncStatus) => {
    if (getState().sync.status !== status) dispatch(syncStatusChanged(status));
  };

  async function step(): Promise<void> {
    if (schedule.isStopped()) return;
    if (!deps.isOnline()) {
      setStatus('offline'); // the browser's `online` event calls syncNow
      return;
    }
    try {
      if (!(await ensureSession())) return;
      if (pullWanted || getState().sync.load !== 'succeeded') await pull();
      // Still typing: the pause timer comes back here, so a burst of keystrokes costs one write.
      if (!schedule.pausing()) await push();
      schedule.resetBackoff();
    } catch (error) {
      failed(toApiErrorValue(error));
    }
  }

  /** A uid first: the remote document belongs to one. Answers false while a sign-in is under way. */
  async function ensureSession(): Promise<boolean> {
    const { uid, status } = getState().session;
    waitingForSignIn = uid === null && status === 'pending'; // its outcome calls syncNow or signInFailed
    if (uid !== null) return true;
    if (waitingForSignIn) return false;
    const result = await dispatch(startSession());
    if (startSession.rejected.match(result)) throw new ApiError(result.payload ?? toApiErrorValue(result.error));
    return true;
  }

  async function pull(): Promise<void> {
    pullWanted = false;
    dispatch(remoteLoadStarted());
    let current: RemoteDocument;
    try {
      current = await remote.loadDocument(abort.signal);
    } catch (error) {
      pullWanted = true;
      dispatch(remoteLoadFailed());
      throw error;
    }
    adopt(current);
    dispatch(remoteLoadSucceeded());
  }

  function adopt(current: RemoteDocument): void {
    const state = getState();
    const plan = planAdoption(selectFormDocument(state), state.sync.saved, current);
    if (Object.keys(plan.take).length > 0) dispatch(formDocumentLoaded({ document: plan.take, source: 'remote' }));
    dispatch(remoteRevisionReached({ revision: plan.revision, dirty: plan.dirty }));
  }

  async function push(): Promise<void> {
    for (let conflicts = 0; ; conflicts += 1) {
      if (getState().sync.saved.resetPending) {
        const { revision } = await remote.resetDocument(abort.signal);
        dispatch(resetSynced({ revision }));
        deps.announce?.(revision);
      }
      const state = getState();
      if (!selectHasUnsyncedChanges(state)) {
        saved();
        return;
      }
      const sent = selectFormDocument(state);
      const result = await remote.saveDocument(sent, state.sync.saved.revision, abort.signal);
      if (result.ok) {
        // What the student changed while the write was on its way is still to send.
        const now = selectFormDocument(getState());
        const dirty = getState().sync.saved.dirty.filter((section) => now[section] !== sent[section]);
        dispatch(remoteRevisionReached({ revision: result.revision, dirty }));
        deps.announce?.(result.revision);
        if (dirty.length === 0) saved();
        return;
      }
      if (conflicts >= MAX_CONFLICTS) {
        throw new ApiError({ status: 409, code: 'conflict_loop', message: 'The saved copy keeps changing elsewhere.' });
      }
      adopt(result.current);
    }
  }

  function saved(): void {
    if (getState().sync.saveError !== null) dispatch(remoteSaveSucceeded());
    setStatus('synced');
  }

  function failed(error: ApiErrorValue): void {
    if (schedule.isStopped() || error.code === 'aborted') return;
    if (selectHasUnsyncedChanges(getState())) dispatch(remoteSaveFailed(error));
    setStatus(deps.isOnline() ? 'device' : 'offline');
    // 401: the session cookie is gone (cleared in another tab); a new session, then the same document again.
    if (error.status === 401) dispatch(sessionExpired());
    if (!isRetryable(error) && error.code !== 'conflict_loop' && error.status !== 401) return;
    schedule.retryLater();
  }

  function syncNow({ pull: wantPull = false }: { pull?: boolean } = {}): void {
    if (wantPull) pullWanted = true;
    schedule.now();
  }

  return {
    changed() {
      if (schedule.isStopped()) return;
      setStatus(deps.isOnline() ? 'device' : 'offline');
      schedule.afterPause();
    },
    syncNow,
    cameOnline() {
      schedule.resetBackoff();
      syncNow();
    },
    wentOffline() {
      setStatus('offline');
    },
    signInFailed(error) {
      if (!waitingForSignIn) return; // the worker's own sign-in reports its failure itself
      waitingForSignIn = false;
      failed(error);
    },
    settled: () => schedule.settled(),
    stop() {
      schedule.stop();
      abort.abort();
    },
  };
}
