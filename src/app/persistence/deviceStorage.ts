// Where the device copy lives: localforage (IndexedDB, or localStorage on the rare browser without it), loaded
// once the page is live, off the scripts a phone must fetch before the student can type. All a page needs
// before then is one read of the device copy, which a few lines here do straight from IndexedDB, where
// localforage keeps it (its database and store, the value a string as redux-persist wrote it). A write that
// comes before localforage is loaded goes straight into that store too, as localforage would put it, so a
// student who types at once and closes the tab keeps the keystroke (it starts loading localforage as well).
// Without that store (nothing kept on this device yet) localforage is loaded with the read, to create it. Writes
// run one after another, so a direct write never lands after a later one. Any read those lines cannot
// answer waits for localforage. (The app also loads it once the page is live: src/app/startApp.tsx.)
import type LocalForage from 'localforage';

const DATABASE = 'essay-studio';
const STORE = 'state';

let loading: Promise<LocalForage> | null = null;
/** What the direct reads found, key by key, until localforage is loaded. */
const readDirectly = new Map<string, string | null>();
/** Whether a direct read found localforage's store, so a write can go straight into it. */
let storeFound = false;
/** The last write, removal or clearing: the next waits for it. */
let lastWrite: Promise<unknown> = Promise.resolve();

function inOrder<T>(write: () => Promise<T>): Promise<T> {
  const next = lastWrite.then(write);
  lastWrite = next.catch(() => undefined);
  return next;
}

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
        storeFound = true;
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

/** Puts `value` under `key` in localforage's store, as localforage does; false when it could not. */
function writeToIndexedDB(key: string, value: string): Promise<boolean> {
  return new Promise((resolve) => {
    let open: IDBOpenDBRequest;
    try {
      open = globalThis.indexedDB.open(DATABASE);
    } catch {
      resolve(false);
      return;
    }
    open.onupgradeneeded = () => {
      open.transaction?.abort();
      resolve(false);
    };
    open.onerror = (event) => {
      event.preventDefault();
      resolve(false);
    };
    open.onsuccess = () => {
      const db = open.result;
      const done = (written: boolean) => {
        db.close();
        resolve(written);
      };
      try {
        if (!db.objectStoreNames.contains(STORE)) {
          done(false);
          return;
        }
        const transaction = db.transaction(STORE, 'readwrite');
        transaction.objectStore(STORE).put(value, key);
        transaction.oncomplete = () => done(true);
        transaction.onerror = () => done(false);
        transaction.onabort = () => done(false);
      } catch {
        done(false);
      }
    };
  });
}

/** redux-persist's storage for the device copy. */
export const deviceStorage = {
  async getItem(key: string): Promise<string | null> {
    // Until localforage is asked for (by a write, or once the page is shown), IndexedDB is read directly.
    if (loading === null) {
      const direct = await readFromIndexedDB(key);
      // Without localforage's store a write could not go straight into it: localforage is loaded now, so a
      // student new to this device never has an edit waiting for it.
      if (!storeFound) void loadDeviceStorage().catch(() => undefined);
      if (direct !== undefined) {
        readDirectly.set(key, direct);
        return direct;
      }
    }
    return (await loadDeviceStorage()).getItem<string>(key);
  },
  setItem(key: string, value: string): Promise<string> {
    return inOrder(async () => {
      if (loading === null) {
        // redux-persist writes the state back once it has read it: when that is exactly what was read, there
        // is nothing to write, and the start needs no localforage.
        if (readDirectly.get(key) === value) return value;
        // From now on what was read is no longer what is stored (even should localforage fail to load).
        readDirectly.delete(key);
        if (storeFound) {
          void loadDeviceStorage().catch(() => undefined);
          if (await writeToIndexedDB(key, value)) return value;
        }
      }
      return (await loadDeviceStorage()).setItem(key, value);
    });
  },
  removeItem(key: string): Promise<void> {
    return inOrder(async () => (await loadDeviceStorage()).removeItem(key));
  },
  clear(): Promise<void> {
    return inOrder(async () => (await loadDeviceStorage()).clear());
  },
};
