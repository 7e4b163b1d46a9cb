// The persistence listener: one listener on the store's listener middleware keeps both copies of the
// student's data. On each change to a persisted slice it
//   - hands the device copy to redux-persist's write at once, in the same task as the change (redux-persist
//     alone would wait for a timer tick, which a busy frame pushes past its paint), and
//   - when the change is the student's own edit, notes the sections edited and restarts the remote sync's
//     pause timer, so the remote write goes SYNC_DELAY_MS after the last change (syncSchedule.ts).
// The same listener starts the remote sync when a session starts or fails and when the student starts
// over. Each copy has one writer: redux-persist writes the device copy, the sync engine the remote one.
// The browser's own events come in beside it: a flush when the page is hidden or closed (`pagehide` is the
// last event a closing mobile page reliably gets), online and offline, and this browser's other tabs
// (BroadcastChannel) saying they saved.
import { isAnyOf } from '@reduxjs/toolkit';
import type { UnknownAction } from '@reduxjs/toolkit';
import { persistStore } from 'redux-persist';
import type { Persistor } from 'redux-persist';
import { REHYDRATE } from 'redux-persist';
import { toApiErrorValue } from '../../api/index.ts';
import type { RemoteBackend } from '../../remote/index.ts';
import { formDocumentLoaded, formReset } from '../../client-core/documentActions.ts';
import { selectFormDocument } from '../formDocument.ts';
import { addAppListener } from '../hooks.ts';
import { startSession } from '../session/index.ts';
import type { AppStore, RootState } from '../store.ts';
import { persistedParts } from './localPersistence.ts';
import { changedSections } from './reconcile.ts';
import { createSyncEngine } from './syncEngine.ts';
import type { SyncEngine } from './syncEngine.ts';
import { sectionsEdited, syncStatusChanged } from './syncSlice.ts';
import { createVersionSync } from './versionSync.ts';
import type { VersionSync } from './versionSync.ts';
import { essayVersionsDelivered, essayVersionsLetGo, essayVersionsReceived } from '../../client-core/essayVersions.ts';

export const SYNC_CHANNEL = 'essay-studio-sync';

type Channel = Pick<BroadcastChannel, 'postMessage' | 'close' | 'addEventListener' | 'removeEventListener'>;

export type PersistenceOptions = {
  /** Keep the device copy (default true); false for a remote sync alone (simulations and its own tests). */
  device?: boolean;
  /** Where the remote copy is; null (the default) keeps the device copy alone. */
  remote?: RemoteBackend | null;
  /** When the device copy has been read back; default: redux-persist's rehydration (or at once without it). */
  ready?: Promise<void>;
  /**
   * When the remote sync may first touch the network, after the device copy has been read; default at once.
   * The app holds it until its first screen is painted, so a returning student's answers come first.
   */
  remoteStart?: Promise<void>;
  /** Where the other tabs are; default a BroadcastChannel when the browser has one, null for none. */
  channel?: Channel | null;
  /** The backoff's jitter (tests pin it). */
  random?: () => number;
};

export type Persistence = {
  persistor: Persistor;
  /** Resolves once the device copy has been read back. */
  rehydrated: Promise<void>;
  /** The remote sync's worker; null without a remote. */
  engine: SyncEngine | null;
  /** The essay versions' remote sync; null without a remote. */
  versions: VersionSync | null;
  stop: () => void;
};
export type RemotePersistence = Omit<Persistence, 'persistor' | 'engine' | 'versions'> & {
  persistor: null; engine: SyncEngine; versions: VersionSync;
};

/** Did this action keep a new essay version on this device (not one the remote sync read or marked)? */
const versionsKept = (action: UnknownAction, current: RootState, previous: RootState): boolean =>
  (current.essay.versions !== previous.essay.versions || current.supplemental.versions !== previous.supplemental.versions)
  && action.type !== REHYDRATE && !essayVersionsReceived.match(action) && !essayVersionsDelivered.match(action)
  && !essayVersionsLetGo.match(action);

/** Did this action change what the device copy holds? Compared as references, slice by slice. */
const persistedChanged = (current: RootState, previous: RootState): boolean => {
  const now = persistedParts(current);
  const before = persistedParts(previous);
  return now.some((part, index) => part !== before[index]);
};

/** Loads are not edits: the device copy being read back, the remote copy arriving, or "Start over". */
const isLoad = (action: UnknownAction): boolean =>
  action.type === REHYDRATE || formDocumentLoaded.match(action) || formReset.match(action);

const startsRemoteWork = isAnyOf(formReset, startSession.fulfilled, startSession.rejected);

const defaultChannel = () => (typeof BroadcastChannel === 'function' ? new BroadcastChannel(SYNC_CHANNEL) : null);

export function startPersistence(store: AppStore, options: PersistenceOptions & { device: false; remote: RemoteBackend }): RemotePersistence;
export function startPersistence(store: AppStore, options?: PersistenceOptions): Persistence;
export function startPersistence(store: AppStore, options: PersistenceOptions = {}): Persistence | RemotePersistence {
  const device = options.device !== false;
  let markRehydrated: () => void = () => {};
  const rehydrated = options.ready ?? new Promise<void>((resolve) => {
    markRehydrated = resolve;
  });
  if (!device && !options.ready) markRehydrated();
  const persistor = device ? persistStore(store, null, () => markRehydrated()) : null;
  const flush = () => {
    void persistor?.flush();
  };

  const remote = options.remote ?? null;
  const remoteReady = options.remoteStart ? Promise.all([rehydrated, options.remoteStart]).then(() => undefined) : rehydrated;
  const channel = remote === null ? null : options.channel === undefined ? defaultChannel() : options.channel;
  const engine = remote === null ? null : createSyncEngine({
    getState: store.getState,
    dispatch: store.dispatch,
    remote,
    ready: remoteReady,
    isOnline: () => navigator.onLine !== false,
    announce: (revision) => channel?.postMessage({ revision }),
    random: options.random,
  });
  const versions = remote === null ? null : createVersionSync({
    getState: store.getState,
    dispatch: store.dispatch,
    remote,
    ready: remoteReady,
    isOnline: () => navigator.onLine !== false,
    announce: () => channel?.postMessage({ versions: true }),
    random: options.random,
  });

  const unsubscribe = store.dispatch(addAppListener({
    predicate: (action, current, previous) => persistedChanged(current, previous) || startsRemoteWork(action),
    effect: (action, api) => {
      const current = api.getState();
      const previous = api.getOriginalState();
      if (persistedChanged(current, previous)) {
        // Same task as the change. The flush dispatches too, but changes nothing this listener compares.
        flush();
        if (engine && !isLoad(action)) {
          const edited = changedSections(selectFormDocument(previous), selectFormDocument(current));
          if (edited.length > 0) {
            const known = current.sync.saved.dirty;
            const fresh = edited.filter((section) => !known.includes(section));
            if (fresh.length > 0) api.dispatch(sectionsEdited(fresh));
            engine.changed();
          }
        }
      }
      if (!engine) return;
      if (versionsKept(action, current, previous)) versions?.changed();
      if (formReset.match(action)) engine.syncNow();
      else if (startSession.fulfilled.match(action)) {
        engine.syncNow({ pull: true });
        versions?.syncNow();
      }
      else if (startSession.rejected.match(action)) engine.signInFailed(action.payload ?? toApiErrorValue(action.error));
    },
  }));

  const flushWhenHidden = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  const online = () => {
    engine?.cameOnline();
    versions?.cameOnline();
  };
  const offline = () => engine?.wentOffline();
  // Coming back to the tab: another tab or device may have saved meanwhile.
  const visible = () => {
    if (document.visibilityState === 'visible') {
      engine?.syncNow({ pull: true });
      versions?.syncNow();
    }
  };
  const otherTabSaved = (event: MessageEvent) => {
    if ((event.data as { versions?: unknown } | null)?.versions === true) versions?.syncNow();
    const revision = (event.data as { revision?: unknown } | null)?.revision;
    if (typeof revision === 'number' && revision > store.getState().sync.saved.revision) engine?.syncNow({ pull: true });
  };
  if (device) {
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', flushWhenHidden);
  }
  if (engine) {
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    document.addEventListener('visibilitychange', visible);
    channel?.addEventListener('message', otherTabSaved as EventListener);
    if (navigator.onLine === false) store.dispatch(syncStatusChanged('offline'));
    // Once the device copy is read: sections an earlier tab left unsent go now (or when the browser is back
    // online), not at the student's next keystroke.
    engine.syncNow();
    versions?.syncNow();
  }

  return {
    persistor,
    rehydrated,
    engine,
    versions,
    stop: () => {
      unsubscribe();
      engine?.stop();
      versions?.stop();
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', flushWhenHidden);
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      document.removeEventListener('visibilitychange', visible);
      channel?.removeEventListener('message', otherTabSaved as EventListener);
      channel?.close();
      persistor?.pause();
    },
  } as Persistence | RemotePersistence;
}
