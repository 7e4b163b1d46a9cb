// The college list's step of the remote sync (the stage's `remoteDocument`), loaded with the run: read the
// remote copy once a page load, take it when this device holds no edits it lacks, send this device's list when
// it does. The list is one document: when the remote moved on while this device edited, this device's list is
// sent on the remote's revision (the student's edits here win whole); a server behind the device (a new session,
// a restored database) gets the whole device copy rather than erasing it. Each write carries an
// Idempotency-Key, kept with the write while its outcome is unknown.
import { ApiError, mayHaveTaken, newIdempotencyKey, toApiErrorValue } from '../../api/index.ts';
import type { RemoteDocumentApi } from '../../client-core/stage.ts';
import type { CollegePlanSaveResult, RemoteCollegePlan } from '../../remote/index.ts';
import { collegePlanRemoteReached, type CollegePlanRootState } from './collegePlanSlice.ts';
import {
  collegePlanSyncFailed, collegePlanSyncSucceeded, collegePlanWriteInDoubt, type CollegePlanRequestsState,
} from './collegePlanRequests.ts';

/** Conflicts in a row before the step gives up for now (another tab saving in a tight loop). */
const MAX_CONFLICTS = 3;
const EMPTY = { colleges: [], stories: [] };

type State = CollegePlanRootState & { collegePlanRequests?: CollegePlanRequestsState };

export async function syncCollegePlan(api: RemoteDocumentApi): Promise<void> {
  const { remote } = api.extra;
  if (!remote.loadCollegePlan || !remote.saveCollegePlan) {
    api.dispatch(collegePlanSyncSucceeded()); // the backend keeps no list: the device copy is the list
    return;
  }
  try {
    const state = api.getState() as State;
    if (state.collegePlanRequests?.read !== true) adopt(api, await remote.loadCollegePlan(api.signal));
    let conflicts = 0;
    while ((api.getState() as State).collegePlan.unsent) {
      if (conflicts >= MAX_CONFLICTS) throw new ApiError({ status: 409, code: 'conflict_loop', message: 'Your college list keeps changing elsewhere.' });
      const { document, revision } = (api.getState() as State).collegePlan;
      // A write whose answer never came goes again first, as it was and with its key: if it took, its answer is
      // its own success (a new write on the old revision would meet it as a conflict and apply the list twice).
      const inDoubt = (api.getState() as State).collegePlanRequests?.inDoubt ?? null;
      const doubt = inDoubt?.baseRevision === revision ? inDoubt : null;
      const sent = doubt?.sent ?? document;
      const key = doubt?.key ?? newIdempotencyKey();
      api.dispatch(collegePlanWriteInDoubt({ key, baseRevision: revision, sent }));
      let result: CollegePlanSaveResult;
      try {
        result = await remote.saveCollegePlan(sent, revision, api.signal, key);
      } catch (error) {
        if (!mayHaveTaken(error)) api.dispatch(collegePlanWriteInDoubt(null));
        throw error;
      }
      api.dispatch(collegePlanWriteInDoubt(null));
      if (result.ok) {
        // Edits made while the write was on its way are still to send: at once when the write was one in doubt
        // (they may be a backoff old), else by the next run, 500 ms after the last.
        api.dispatch(collegePlanRemoteReached({ revision: result.revision, unsent: (api.getState() as State).collegePlan.document !== sent }));
        if (doubt === null) break;
        continue;
      }
      conflicts += 1;
      adopt(api, result.current);
    }
    api.dispatch(collegePlanSyncSucceeded());
  } catch (error) {
    api.dispatch(collegePlanSyncFailed(toApiErrorValue(error).message));
    throw error;
  }
}

/** What the remote copy holds, weighed against this device's list. */
function adopt(api: RemoteDocumentApi, current: RemoteCollegePlan): void {
  const { revision, unsent } = (api.getState() as State).collegePlan;
  if (current.revision < revision) {
    // The remote is behind this device: it gets the whole list, on the revision it has.
    api.dispatch(collegePlanRemoteReached({ revision: current.revision, unsent: true }));
  } else if (unsent) {
    api.dispatch(collegePlanRemoteReached({ revision: current.revision, unsent: true }));
  } else if (current.revision > revision) {
    api.dispatch(collegePlanRemoteReached({ revision: current.revision, unsent: false, document: current.document ?? EMPTY }));
  }
}
