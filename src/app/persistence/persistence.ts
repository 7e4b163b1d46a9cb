// Starts persistence on a store: redux-persist for the device copy, the persistence listener
// (persistenceListener.ts) for both copies, and the browser's own events turned into the listener's actions:
// a flush when the page is hidden or closed (`pagehide` is the last event a closing mobile page reliably
// gets), online and offline, the tab coming back into view or the window regaining focus (a window beside
// another device's on a laptop stays visible), and this browser's other tabs (BroadcastChannel) saying they
// saved.
import { persistStore } from 'redux-persist';
import type { Persistor } from 'redux-persist';
import { addAppListener } from '../hooks.ts';
import type { AppStore } from '../store.ts';
import { persistenceListener, persistenceStarted } from './persistenceListener.ts';
import { browserWentOnline, remoteChangedElsewhere, syncStatusChanged } from './syncSlice.ts';

export const SYNC_CHANNEL = 'essay-studio-sync';

type Channel = Pick<BroadcastChannel, 'postMessage' | 'close' | 'addEventListener' | 'removeEventListener'>;

export type PersistenceOptions = {
  /** Keep the device copy (default true); false for a remote sync alone (simulations and its own tests). */
  device?: boolean;
  /** Also keep the remote copy, through the store's remote backend (default false: the device copy alone). */
  remoteSync?: boolean;
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
  stop: () => void;
};
/** Without the device copy (`device: false`) there is no persistor. */
export type RemotePersistence = Omit<Persistence, 'persistor'> & { persistor: null };

const defaultChannel = () => (typeof BroadcastChannel === 'function' ? new BroadcastChannel(SYNC_CHANNEL) : null);
const isOnline = () => navigator.onLine !== false;

export function startPersistence(store: AppStore, options: PersistenceOptions & { device: false }): RemotePersistence;
export function startPersistence(store: AppStore, options?: PersistenceOptions): Persistence;
export function startPersistence(store: AppStore, options: PersistenceOptions = {}): Persistence | RemotePersistence {
  const device = options.device !== false;
  let markRehydrated: () => void = () => {};
  const rehydrated = options.ready ?? (device ? new Promise<void>((resolve) => { markRehydrated = resolve; }) : Promise.resolve());
  const persistor = device ? persistStore(store, null, () => markRehydrated()) : null;
  const flush = () => {
    void persistor?.flush();
  };

  const remote = options.remoteSync === true;
  const ready = options.remoteStart ? Promise.all([rehydrated, options.remoteStart]).then(() => undefined) : rehydrated;
  const channel = remote ? (options.channel === undefined ? defaultChannel() : options.channel) : null;
  const unsubscribe = store.dispatch(addAppListener(persistenceListener({
    flush,
    remote: remote
      ? { ready, isOnline, announce: (message) => channel?.postMessage(message), random: options.random ?? Math.random }
      : null,
  })));

  const flushWhenHidden = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  const online = () => store.dispatch(browserWentOnline());
  const offline = () => store.dispatch(syncStatusChanged('offline'));
  // Coming back to the tab: another tab or device may have saved meanwhile.
  const visible = () => {
    if (document.visibilityState === 'visible') store.dispatch(remoteChangedElsewhere({ document: true, versions: true }));
  };
  const focused = () => store.dispatch(remoteChangedElsewhere({ document: true, versions: true }));
  const otherTabSaved = (event: MessageEvent) => {
    const data = event.data as { versions?: unknown; revision?: unknown } | null;
    const newer = typeof data?.revision === 'number' && data.revision > store.getState().sync.saved.revision;
    if (newer || data?.versions === true) store.dispatch(remoteChangedElsewhere({ document: newer, versions: data?.versions === true }));
  };
  if (device) {
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', flushWhenHidden);
  }
  if (remote) {
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    document.addEventListener('visibilitychange', visible);
    window.addEventListener('focus', focused);
    channel?.addEventListener('message', otherTabSaved as EventListener);
    if (!isOnline()) store.dispatch(syncStatusChanged('offline'));
    store.dispatch(persistenceStarted());
  }

  return {
    persistor: persistor as Persistor,
    rehydrated,
    stop: () => {
      unsubscribe({ cancelActive: true });
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', flushWhenHidden);
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      document.removeEventListener('visibilitychange', visible);
      window.removeEventListener('focus', focused);
      channel?.removeEventListener('message', otherTabSaved as EventListener);
      channel?.close();
      persistor?.pause();
    },
  };
}
