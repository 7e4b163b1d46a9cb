// The remote side of essay versions, beside the form document's sync (syncEngine.ts) and driven by the same
// persistence listener. Versions are kept on the device first (the essay slices, in the device copy); this
// worker reads what other tabs and devices stored since the revision this device last read, then sends the
// ones the remote store does not have yet, in batches. Versions are append-only and named by their own
// content, so:
//   - a retry after a lost answer stores nothing twice, and two tabs sending the same version store it once;
//   - two devices merge rather than overwrite: each device's list becomes the union, newest first, within the
//     limits the server keeps too (versionBudget.ts);
//   - the current essay is not decided here: it is a section of the form document, with its own revisions
//     and conflict rules, and restoring a version keeps the replaced text as a version first.
// Offline nothing is attempted until the browser says it is back; a failure that may pass is retried with the
// form sync's backoff. A version the remote refuses for good (it breaks the contract, or the browser has
// versions of too many essays) is marked so and stays on the device.
import { isRetryable, loadContract, toApiErrorValue } from '../../api/index.ts';
import type { ApiErrorValue } from '../../api/index.ts';
import { essayVersionsDelivered, essayVersionsReceived } from '../../client-core/essayVersions.ts';
import { ESSAY_VERSIONS_PER_REQUEST } from '../../common/constants.ts';
import type { EssayVersionRecord } from '../../common/contract.ts';
import type { RemoteBackend } from '../../remote/index.ts';
import type { AppDispatch, RootState } from '../store.ts';
import { createSyncSchedule } from './syncSchedule.ts';
import { deviceVersions } from './versionBudget.ts';

export interface VersionSyncDeps {
  getState: () => RootState;
  dispatch: AppDispatch;
  remote: RemoteBackend;
  isOnline: () => boolean;
  /** Resolves once the device copy has been read back; nothing remote happens before. */
  ready: Promise<void>;
  /** Tells this browser's other tabs that versions were stored. */
  announce?: () => void;
  random?: () => number;
}

export interface VersionSync {
  /** Versions were kept on this device: send them once the student pauses. */
  changed(): void;
  /** Send and read now (a session started, another tab stored versions, the tab came back into view). */
  syncNow(): void;
  cameOnline(): void;
  settled(): Promise<void>;
  stop(): void;
}

/** The versions the remote store does not have yet, as the contract sends them. */
export const unsentVersions = (state: RootState): EssayVersionRecord[] =>
  deviceVersions(state).filter(({ version }) => version.remote === undefined)
    .map(({ essayKey, version: { id, at, kind, text } }) => ({ id, essayKey, at, kind, text }));

export function createVersionSync(deps: VersionSyncDeps): VersionSync {
  const { getState, dispatch, remote } = deps;
  const abort = new AbortController();
  const schedule = createSyncSchedule({ ready: deps.ready, step, random: deps.random });

  async function step(): Promise<void> {
    if (schedule.isStopped() || !deps.isOnline() || getState().session.uid === null) return; // online and sign-in call syncNow
    try {
      // Read first: what the store says about versions this device delivered (erased, lost) decides what to send.
      await pull();
      await push();
      schedule.resetBackoff();
    } catch (error) {
      failed(toApiErrorValue(error));
    }
  }

  async function push(): Promise<void> {
    if (!remote.saveVersions) return;
    const { essayVersionSchema } = await loadContract();
    for (;;) {
      const unsent = unsentVersions(getState());
      if (unsent.length === 0) return;
      // A version the contract refuses would block every batch it is in: it stays on the device, marked.
      const invalid = unsent.filter((version) => !essayVersionSchema.safeParse(version).success);
      if (invalid.length > 0) {
        dispatch(essayVersionsDelivered({ ids: invalid.map((version) => version.id), remote: 'refused' }));
        continue;
      }
      const batch = unsent.slice(0, ESSAY_VERSIONS_PER_REQUEST);
      const ids = batch.map((version) => version.id);
      const baseRevision = getState().essay.versionsRevision ?? 0;
      try {
        await remote.saveVersions(batch, abort.signal, baseRevision);
      } catch (error) {
        const failure = toApiErrorValue(error);
        if (isRetryable(failure) || failure.status === 401 || failure.status === 0) throw error;
        if (failure.status === 409 && failure.code === 'erased') {
          // The student's data was erased after this device's last read: what it holds are copies of erased
          // data. They go; the next read starts after the erasure, and versions kept from then on are sent.
          dispatch(essayVersionsReceived({ versions: [], revision: baseRevision, erased: 'all' }));
          schedule.run();
          return;
        }
        dispatch(essayVersionsDelivered({ ids, remote: 'refused' }));
        continue;
      }
      dispatch(essayVersionsDelivered({ ids, remote: 'stored' }));
      deps.announce?.();
      // Read once more at once: the revision read so far then covers what was just stored.
      schedule.run();
    }
  }

  async function pull(): Promise<void> {
    if (!remote.loadVersions) return;
    for (;;) {
      const since = getState().essay.versionsRevision ?? 0;
      const page = await remote.loadVersions(since, abort.signal);
      // Erased since this device's last read (another tab's "Delete my data", the retention purge): the ones
      // it had delivered go here too, and it reads on from the erasure. Or nothing at all where it had read
      // versions, not erased: the store lost them (a database started afresh), and this device sends its own again.
      const lost = since > 0 && page.revision === 0 && page.versions.length === 0 && page.erased === false;
      if (page.erased === true) dispatch(essayVersionsReceived({ versions: page.versions, revision: page.revision, erased: true }));
      else if (lost) {
        dispatch(essayVersionsReceived({ versions: [], revision: 0, lost: true }));
        schedule.run(); // once more after this run, to send them
      } else if (page.versions.length > 0 || page.revision !== since) {
        dispatch(essayVersionsReceived({ versions: page.versions, revision: page.revision }));
      }
      if (!page.more) return;
    }
  }

  function failed(error: ApiErrorValue): void {
    if (schedule.isStopped() || error.code === 'aborted') return;
    if (!isRetryable(error) && error.status !== 401) return;
    schedule.retryLater();
  }

  function syncNow(): void {
    schedule.now();
  }

  return {
    changed() {
      schedule.afterPause();
    },
    syncNow,
    cameOnline() {
      schedule.resetBackoff();
      syncNow();
    },
    settled: () => schedule.settled(),
    stop() {
      schedule.stop();
      abort.abort();
    },
  };
}
