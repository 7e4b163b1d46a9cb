// Where the device copy lives: localforage (IndexedDB, or localStorage on the rare browser without it), loaded
// once the page is live, off the scripts a phone must fetch before the student can type. All a page needs
// before then is one read of the device copy, which a few lines here do straight from IndexedDB, where
// localforage keeps it (its database and store, the value a string as redux-persist wrote it). Every write, and
// any read those lines cannot answer, waits for localforage; the first write starts loading it at once, so a
// student's first keystroke is kept however early it comes. (The app also starts loading it once the page is
// live: src/app/startApp.tsx.)
import type LocalForage from 'localforage';

const DATABASE = 'essay-studio';
const STORE = 'state';

let loading: Promise<LocalForage> | null = null;
/** What the direct reads found, key by key, until localforage is loaded. */
const readDirectly = new Map<string, string | null>();

/** localforage's instance for the device copy, loaded on first use (a failed load is tried again next time). */
export function loadDeviceStorage(): Promise<LocalForage> {
  loading ??= import('localforage').then(
    ({ default: localforage }) => localforage.createInstance({
      name: DATABASE,
      storeName: STORE,
      driver: [localforage.INDEXEDDB, localforage.LOCALSTORAGE],
    }),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * The stored string under `key` read straight from IndexedDB: null when nothing is kept there, undefined when
 * these lines cannot tell (no IndexedDB, an error, a value localforage encoded), for localforage to answer.
 */
function readFromIndexedDB(key: string): Promise<string | null | undefined> {
  return new Promise((resolve) => {
    let open: IDBOpenDBRequest;
    try {
      open = globalThis.indexedDB.open(DATABASE);
    } catch {
      resolve(undefined);
      return;
    }
    // No database yet, so nothing kept on this device. The upgrade is aborted, so no empty database is left
    // behind for localforage to find (it creates its own, with its store).
    open.onupgradeneeded = () => {
      open.transaction?.abort();
      resolve(null);
    };
    open.onerror = (event) => {
      event.preventDefault();
      resolve(undefined);
    };
    open.onsuccess = () => {
      const db = open.result;
      const done = (value: string | null | undefined) => {
        db.close();
        resolve(value);
      };
      try {
        if (!db.objectStoreNames.contains(STORE)) {
          done(null);
          return;
        }
        const read = db.transaction(STORE, 'readonly').objectStore(STORE).get(key);
        read.onsuccess = () => {
          const value: unknown = read.result;
          done(value === undefined || value === null ? null : typeof value === 'string' ? value : undefined);
        };
        read.onerror = () => done(undefined);
      } catch {
        done(undefined);
      }
    };
  });
}

/** redux-persist's storage for the device copy. */
export const deviceStorage = {
  async getItem(key: string): Promise<string | null> {
    // Until localforage is loaded (nothing has been written in this page yet), IndexedDB is read directly.
    if (loading === null) {
      const direct = await readFromIndexedDB(key);
      if (direct !== undefined) {
        readDirectly.set(key, direct);
        return direct;
      }
    }
    return (await loadDeviceStorage()).getItem<string>(key);
  },
  async setItem(key: string, value: string): Promise<string> {
    // redux-persist writes the state back once it has read it: when that is exactly what was read, there is
    // nothing to write, and the start needs no localforage.
    if (loading === null && readDirectly.get(key) === value) return value;
    return (await loadDeviceStorage()).setItem(key, value);
  },
  async removeItem(key: string): Promise<void> {
    return (await loadDeviceStorage()).removeItem(key);
  },
  async clear(): Promise<void> {
    return (await loadDeviceStorage()).clear();
  },
};
