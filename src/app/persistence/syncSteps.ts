// What one run of the remote sync does (syncRun.ts is its thunk): sign in if needed, read the remote document
// when asked (start-up, another tab saved), send the document when it holds unsent sections, then the essay
// versions (versionSteps.ts), then each stage's own document (its `remoteDocument` step). A stale write (409) is reconciled section by section (reconcile.ts) and sent
// again. The device copy is never written here: redux-persist owns it, and the sync's own memory
// (`sync.saved`) travels inside it.
import { ApiError, mayHaveTaken, toApiErrorValue } from '../../api/index.ts';
import { formDocumentLoaded } from '../../client-core/documentActions.ts';
import type { FormDocument } from '../../common/questionnaire/formDocument.ts';
import type { RemoteDocument, SaveResult } from '../../remote/index.ts';
import { selectFormDocument } from '../formDocument.ts';
import { startSession } from '../session/index.ts';
import { planAdoption } from './reconcile.ts';
import {
  documentWriteInDoubt, remoteLoadFailed, remoteLoadStarted, remoteLoadSucceeded, remoteRevisionReached, remoteSaveSucceeded, resetSynced,
  selectHasUnsyncedChanges, syncStatusChanged,
} from './syncSlice.ts';
import { stageDocuments } from './stageDocuments.ts';
import { type RunApi, syncVersions, versionsToSync } from './versionSteps.ts';
import { keyFor } from './writesInDoubt.ts';

/** `waiting`: a sign-in started elsewhere is under way; its outcome starts the next run. */
export type RunOutcome = 'done' | 'waiting';

/** Conflicts in a row before the run gives up for now (another tab saving in a tight loop). */
const MAX_CONFLICTS = 3;

/** The run's steps; a failure is thrown for the thunk to reject with. */
export async function runSync(api: RunApi): Promise<RunOutcome> {
  const { getState, extra } = api;
  if (!(await haveSession(api))) return 'waiting';
  if (getState().remoteSync.pullWanted || getState().remoteSync.load !== 'succeeded') await pullDocument(api);
  await pushDocument(api);
  if (versionsToSync(getState(), extra.remote)) await syncVersions(api);
  for (const document of stageDocuments) {
    if (document.unsent(getState())) await (await document.step())(api);
  }
  return 'done';
}

/** A uid first: the remote copies belong to one. False while a sign-in started elsewhere is under way. */
async function haveSession({ getState, dispatch }: RunApi): Promise<boolean> {
  const { uid, status } = getState().session;
  if (uid !== null) return true;
  if (status === 'pending') return false;
  const result = await dispatch(startSession());
  if (startSession.rejected.match(result)) throw new ApiError(result.payload ?? toApiErrorValue(result.error));
  return true;
}

async function pullDocument({ dispatch, getState, extra, signal }: RunApi): Promise<void> {
  dispatch(remoteLoadStarted());
  let current: RemoteDocument;
  try {
    current = await extra.remote.loadDocument(signal);
  } catch (error) {
    dispatch(remoteLoadFailed());
    throw error;
  }
  adopt({ dispatch, getState }, current);
  dispatch(remoteLoadSucceeded());
}

function adopt({ dispatch, getState }: Pick<RunApi, 'dispatch' | 'getState'>, current: RemoteDocument): void {
  const state = getState();
  const plan = planAdoption(selectFormDocument(state), state.sync.saved, current, state.sync.before);
  if (Object.keys(plan.take).length > 0) dispatch(formDocumentLoaded({ document: plan.take, source: 'remote' }));
  dispatch(remoteRevisionReached({ revision: plan.revision, dirty: plan.dirty, seen: plan.seen, replaced: plan.replaced }));
}

async function pushDocument({ dispatch, getState, extra, signal }: RunApi): Promise<void> {
  let conflicts = 0;
  for (;;) {
    if (getState().sync.saved.resetPending) {
      const { revision } = await extra.remote.resetDocument(signal);
      dispatch(resetSynced({ revision }));
    }
    const state = getState();
    if (!selectHasUnsyncedChanges(state)) {
      markSaved({ dispatch, getState });
      return;
    }
    // A write whose answer never came goes again first, as it was and with its key: if it took, its answer is
    // its own success (a new write on the old revision would meet it as a conflict).
    const base = state.sync.saved.revision;
    const doubt = state.remoteSync.documentInDoubt?.baseRevision === base ? state.remoteSync.documentInDoubt : null;
    const sent = doubt?.sent ?? selectFormDocument(state);
    const key = keyFor(doubt, base, () => true);
    dispatch(documentWriteInDoubt({ key, baseRevision: base, sent }));
    let result: SaveResult;
    try {
      result = await extra.remote.saveDocument(sent, base, signal, key);
    } catch (error) {
      if (!mayHaveTaken(error)) dispatch(documentWriteInDoubt(null));
      throw error;
    }
    dispatch(documentWriteInDoubt(null));
    if (result.ok) {
      // What the student changed while the write was on its way is still to send.
      const now = selectFormDocument(getState());
      const dirty = getState().sync.saved.dirty.filter((section) => now[section] !== sent[section]);
      const seen = Object.fromEntries(dirty.map((section) => [section, sent[section]])) as Partial<FormDocument>;
      dispatch(remoteRevisionReached({ revision: result.revision, dirty, saved: true, seen }));
      if (dirty.length === 0) markSaved({ dispatch, getState });
      // The write in doubt is settled: what the student typed since it first left goes now, in this run.
      if (doubt === null || dirty.length === 0) return;
      continue;
    }
    if (conflicts >= MAX_CONFLICTS) {
      throw new ApiError({ status: 409, code: 'conflict_loop', message: 'The saved copy keeps changing elsewhere.' });
    }
    conflicts += 1;
    adopt({ dispatch, getState }, result.current);
  }
}

function markSaved({ dispatch, getState }: Pick<RunApi, 'dispatch' | 'getState'>): void {
  if (getState().remoteSync.saveError !== null) dispatch(remoteSaveSucceeded());
  if (getState().remoteSync.status !== 'synced') dispatch(syncStatusChanged('synced'));
}
