// Wires the remote sync (syncEngine.ts) to the store and the browser: listeners on the store's listener
// middleware note which sections the student edited and start the pause timer; the browser's online,
// offline and visibility events and this browser's other tabs (BroadcastChannel) tell it when to work.
import type { UnknownAction } from '@reduxjs/toolkit';
import { REHYDRATE } from 'redux-persist';
import { toApiErrorValue } from '../../api/index.ts';
import type { RemoteBackend } from '../../remote/index.ts';
import { formDocumentLoaded, formReset } from '../documentActions.ts';
import { selectFormDocument } from '../formDocument.ts';
import { addAppListener } from '../hooks.ts';
import { startSession, syncStatusChanged } from '../session/index.ts';
import type { AppStore, RootState } from '../store.ts';
import { changedSections } from './reconcile.ts';
import { createSyncEngine } from './syncEngine.ts';
import type { SyncEngine } from './syncEngine.ts';
import { sectionsEdited } from './syncSlice.ts';

export const SYNC_CHANNEL = 'essay-studio-sync';

export type RemoteSyncOptions = {
  remote: RemoteBackend;
  /** Resolves once the device copy has been read back. */
  ready: Promise<void>;
  /** Where the other tabs are; default a BroadcastChannel when the browser has one, null for none. */
  channel?: Pick<BroadcastChannel, 'postMessage' | 'close' | 'addEventListener' | 'removeEventListener'> | null;
  /** The backoff's jitter (tests pin it). */
  random?: () => number;
};

/** Loads are not edits: the device copy being read back, the remote copy arriving, or "Start over". */
const isStudentEdit = (action: UnknownAction, current: RootState, previous: RootState): boolean =>
  action.type !== REHYDRATE && !formDocumentLoaded.match(action) && !formReset.match(action)
  && selectFormDocument(current) !== selectFormDocument(previous);

const defaultChannel = () => (typeof BroadcastChannel === 'function' ? new BroadcastChannel(SYNC_CHANNEL) : null);

export function startRemoteSync(store: AppStore, options: RemoteSyncOptions): { engine: SyncEngine; stop: () => void } {
  const channel = options.channel === undefined ? defaultChannel() : options.channel;
  const engine = createSyncEngine({
    getState: store.getState,
    dispatch: store.dispatch,
    remote: options.remote,
    ready: options.ready,
    isOnline: () => navigator.onLine !== false,
    announce: (revision) => channel?.postMessage({ revision }),
    random: options.random,
  });

  const unsubscribers = [
    store.dispatch(addAppListener({
      predicate: isStudentEdit,
      effect: (_action, api) => {
        const edited = changedSections(selectFormDocument(api.getOriginalState()), selectFormDocument(api.getState()));
        const known = api.getState().sync.dirty;
        const fresh = edited.filter((section) => !known.includes(section));
        if (fresh.length > 0) api.dispatch(sectionsEdited(fresh));
        engine.changed();
      },
    })),
    store.dispatch(addAppListener({ actionCreator: formReset, effect: () => engine.syncNow() })),
    store.dispatch(addAppListener({ actionCreator: startSession.fulfilled, effect: () => engine.syncNow({ pull: true }) })),
    store.dispatch(addAppListener({
      actionCreator: startSession.rejected,
      effect: (action) => engine.signInFailed(action.payload ?? toApiErrorValue(action.error)),
    })),
  ];

  const online = () => engine.cameOnline();
  const offline = () => engine.wentOffline();
  // Coming back to the tab: another tab or device may have saved meanwhile.
  const visible = () => {
    if (document.visibilityState === 'visible') engine.syncNow({ pull: true });
  };
  const otherTabSaved = (event: MessageEvent) => {
    const revision = (event.data as { revision?: unknown } | null)?.revision;
    if (typeof revision === 'number' && revision > store.getState().sync.revision) engine.syncNow({ pull: true });
  };
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  document.addEventListener('visibilitychange', visible);
  channel?.addEventListener('message', otherTabSaved as EventListener);
  if (navigator.onLine === false) store.dispatch(syncStatusChanged('offline'));
  // Once the device copy is read: sections an earlier tab left unsent go now (or when the browser is back
  // online), not at the student's next keystroke.
  engine.syncNow();

  return {
    engine,
    stop: () => {
      engine.stop();
      unsubscribers.forEach((unsubscribe) => unsubscribe());
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      document.removeEventListener('visibilitychange', visible);
      channel?.removeEventListener('message', otherTabSaved as EventListener);
      channel?.close();
    },
  };
}
