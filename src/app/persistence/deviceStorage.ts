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
 * localforage's database opened straight, with its store: 'none' when nothing is kept on this device (no
 * database, or none with that store), 'unknown' when IndexedDB cannot be opened here. The caller closes it.
 */
function openStore(): Promise<IDBDatabase | 'none' | 'unknown'> {
  return new Promise((resolve) => {
    let open: IDBOpenDBRequest;
    try {
      open = globalThis.indexedDB.open(DATABASE);
    } catch {
      resolve('unknown');
      return;
    }
    // No database yet. The upgrade is aborted, so no empty database is left behind for localforage to find
    // (it creates its own, with its store).
    open.onupgradeneeded = () => {
      open.transaction?.abort();
      resolve('none');
    };
    open.onerror = (event) => {
      event.preventDefault();
      resolve('unknown');
    };
    open.onsuccess = () => {
      const db = open.result;
      if (db.objectStoreNames.contains(STORE)) {
        storeFound = true;
        resolve(db);
      } else {
        db.close();
        resolve('none');
      }
    };
  });
}

/** Runs `use` on the store in a transaction of `mode`; its answer, or `failed` on any error. Closes the database. */
function inStore<T>(db: IDBDatabase, mode: IDBTransactionMode, failed: T, use: (store: IDBObjectStore, done: (answer: T) => void) => void): Promise<T> {
  return new Promise((resolve) => {
    const done = (answer: T) => {
      db.close();
      resolve(answer);
    };
    try {
      const transaction = db.transaction(STORE, mode);
      transaction.onerror = () => done(failed);
      transaction.onabort = () => done(failed);
      use(transaction.objectStore(STORE), done);
    } catch {
      done(failed);
    }
  });
}

/**
 * The stored string under `key` read straight from IndexedDB: null when nothing is kept there, undefined when
 * these lines cannot tell (no IndexedDB, an error, a value localforage encoded), for localforage to answer.
 */
async function readFromIndexedDB(key: string): Promise<string | null | undefined> {
  const db = await openStore();
  if (db === 'none') return null;
  if (db === 'unknown') return undefined;
  return inStore<string | null | undefined>(db, 'readonly', undefined, (store, done) => {
    const read = store.get(key);
    read.onsuccess = () => {
      const value: unknown = read.result;
      done(value === undefined || value === null ? null : typeof value === 'string' ? value : undefined);
    };
  });
}

/** Puts `value` under `key` in localforage's store, as localforage does; false when it could not. */
async function writeToIndexedDB(key: string, value: string): Promise<boolean> {
  const db = await openStore();
  if (typeof db === 'string') return false;
  return inStore(db, 'readwrite', false, (store, done) => {
    store.put(value, key);
    store.transaction.oncomplete = () => done(true);
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
