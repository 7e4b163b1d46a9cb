// Before this device signs out: one more run of the remote sync (after any run under way), then how many of
// the student's changes are still only on this device (sections edited since the last sync, a "Start over" not
// yet sent, essay versions not yet delivered). Offline, the run fails and every change is counted.
import type { AppDispatch, RootState } from '../store.ts';
import { syncRemote } from './syncRun.ts';
import { unsentVersions } from './versionBudget.ts';

/** Changes the remote copy does not have yet. */
export const changesOnlyOnDevice = (state: RootState): number =>
  state.sync.saved.dirty.length + (state.sync.saved.resetPending ? 1 : 0) + unsentVersions(state).length;

const RUN_WAIT_MS = 50;

export async function syncThenCountUnsent(dispatch: AppDispatch, getState: () => RootState): Promise<number> {
  // A run under way may have started before the newest edit: wait for it, then run once more.
  for (let waited = 0; getState().remoteSync.run === 'pending' && waited < 200; waited += 1) {
    await new Promise((resolve) => setTimeout(resolve, RUN_WAIT_MS));
  }
  if (changesOnlyOnDevice(getState()) > 0) await dispatch(syncRemote());
  return changesOnlyOnDevice(getState());
}
