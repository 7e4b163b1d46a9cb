// The essay versions' part of a remote sync run (syncRun.ts). Versions are kept on the device first (the essay
// slices, in the device copy); a run reads what other tabs and devices stored since the revision this device
// last read, then sends the ones the remote store does not have yet, in batches. Versions are append-only and
// named by their own content, so:
//   - a retry after a lost answer stores nothing twice, and two tabs sending the same version store it once;
//   - two devices merge rather than overwrite: each device's list becomes the union, newest first, within the
//     limits the server keeps too (versionBudget.ts);
//   - the current essay is not decided here: it is a section of the form document, with its own revisions
//     and conflict rules, and restoring a version keeps the replaced text as a version first.
// A version the remote refuses for good (it breaks the contract, or the browser has versions of too many
// essays) is marked so and stays on the device.
import { checkAgainst, isRetryable, toApiErrorValue } from '../../api/index.ts';
import { essayVersionsDelivered, essayVersionsReceived } from '../../client-core/essayVersions.ts';
import { ESSAY_VERSIONS_PER_REQUEST, ESSAY_VERSIONS_REQUEST_BYTES } from '../../common/limits/limits.ts';
import { versionSize, versionsWithin } from '../../common/essay/versionPruning.ts';
import type { RemoteBackend } from '../../remote/index.ts';
import type { AppDispatch, RootState, ThunkExtra } from '../store.ts';
import { versionsPullFailed, versionsPullStarted, versionsWriteInDoubt } from './syncSlice.ts';
import { unsentVersions } from './versionBudget.ts';
import { keyFor, mayHaveTaken } from './writesInDoubt.ts';

/** What a run's steps get from its thunk. */
export type RunApi = { getState: () => RootState; dispatch: AppDispatch; extra: ThunkExtra; signal: AbortSignal };

/** Whether a run has versions to read or send (a backend without versions keeps them on the device). */
export const versionsToSync = (state: RootState, remote: RemoteBackend): boolean =>
  remote.loadVersions !== undefined && (state.remoteSync.versionsPullWanted || unsentVersions(state).length > 0);

/** Reads first (what the store says about versions this device delivered decides what to send), then sends. */
export async function syncVersions(api: RunApi): Promise<void> {
  await pullVersions(api);
  // Read once more after sending (or after a batch refused as erased), so the revision read so far covers it.
  if (await pushVersions(api)) await syncVersions(api);
}

async function pullVersions({ getState, dispatch, extra: { remote }, signal }: RunApi): Promise<void> {
  if (!remote.loadVersions) return;
  dispatch(versionsPullStarted());
  try {
    for (;;) {
      const since = getState().essay.versionsRevision ?? 0;
      const page = await remote.loadVersions(since, signal);
      // Erased since this device's last read (another tab's "Delete my data", the retention purge): the ones
      // it had delivered go here too, and it reads on from the erasure. Or nothing at all where it had read
      // versions, not erased: the store lost them (a database started afresh), and this device sends its own again.
      const lost = since > 0 && page.revision === 0 && page.versions.length === 0 && page.erased === false;
      if (page.erased === true) dispatch(essayVersionsReceived({ versions: page.versions, revision: page.revision, erased: true }));
      else if (lost) dispatch(essayVersionsReceived({ versions: [], revision: 0, lost: true }));
      else if (page.versions.length > 0 || page.revision !== since) {
        dispatch(essayVersionsReceived({ versions: page.versions, revision: page.revision }));
      }
      if (!page.more) return;
    }
  } catch (error) {
    dispatch(versionsPullFailed());
    throw error;
  }
}

/** Sends every unsent version in batches; true when the versions should be read again (some stored, or erased). */
async function pushVersions({ getState, dispatch, extra: { remote }, signal }: RunApi): Promise<boolean> {
  if (!remote.saveVersions) return false;
  let stored = false;
  for (;;) {
    const unsent = unsentVersions(getState());
    if (unsent.length === 0) return stored;
    // A version the contract refuses would block every batch it is in: it stays on the device, marked.
    const checks = await Promise.all(unsent.map((version) => checkAgainst('essayVersionSchema', version)));
    const invalid = unsent.filter((_version, index) => !checks[index]?.success);
    if (invalid.length > 0) {
      dispatch(essayVersionsDelivered({ ids: invalid.map((version) => version.id), remote: 'refused' }));
      continue;
    }
    // As many as one request carries, by count and by bytes (a version larger than a request goes alone).
    const first = unsent.slice(0, ESSAY_VERSIONS_PER_REQUEST);
    const batch = first.slice(0, versionsWithin(first.map((version) => versionSize(version.text, version.coach)), ESSAY_VERSIONS_REQUEST_BYTES));
    const ids = batch.map((version) => version.id);
    const baseRevision = getState().essay.versionsRevision ?? 0;
    const key = keyFor(getState().remoteSync.versionsInDoubt, baseRevision, (sent) => sent.join() === ids.join());
    dispatch(versionsWriteInDoubt({ key, baseRevision, sent: ids }));
    try {
      await remote.saveVersions(batch, signal, baseRevision, key);
      dispatch(versionsWriteInDoubt(null));
    } catch (error) {
      if (!mayHaveTaken(error)) dispatch(versionsWriteInDoubt(null));
      const failure = toApiErrorValue(error);
      if (isRetryable(failure) || failure.status === 401 || failure.status === 0) throw error;
      if (failure.status === 409 && failure.code === 'erased') {
        // The student's data was erased after this device's last read: what it holds are copies of erased
        // data. They go; the next read starts after the erasure, and versions kept from then on are sent.
        dispatch(essayVersionsReceived({ versions: [], revision: baseRevision, erased: 'all' }));
        return true;
      }
      dispatch(essayVersionsDelivered({ ids, remote: 'refused' }));
      continue;
    }
    dispatch(essayVersionsDelivered({ ids, remote: 'stored' }));
    stored = true;
  }
}
