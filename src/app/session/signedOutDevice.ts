// What a page does once its device is signed out (the API's 401 `signed_out`): before anything else, the
// device copy stops being written and is erased, everywhere this app keeps anything in the browser
// (IndexedDB, localStorage, sessionStorage, Cache Storage); then the page starts again at `/`, as a new
// visitor. The API client already sends nothing more from this page (src/api/signedOut.ts).
import { whenSignedOut } from '../../api/index.ts';
import { DEVICE_DATABASE, deviceStorage } from '../persistence/deviceStorage.ts';

/** Erases everything this origin keeps in the browser's storage. */
export async function eraseDeviceCopy(): Promise<void> {
  window.localStorage.clear();
  window.sessionStorage.clear();
  // localforage closes its own connection before deleting its database (a delete waits on open connections).
  await deviceStorage.dropInstance({ name: DEVICE_DATABASE }).catch(() => undefined);
  const others = typeof indexedDB.databases === 'function' ? await indexedDB.databases().catch(() => []) : [];
  await Promise.all(others.flatMap(({ name }) => (name === undefined ? [] : [new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
    request.onblocked = () => resolve();
  })])));
  if (typeof caches !== 'undefined') {
    await Promise.all((await caches.keys()).map((key) => caches.delete(key)));
  }
}

export interface SignedOutOptions {
  /** Stops the device copy's writes (redux-persist's pause), so nothing is written back once erased. */
  stopWriting: () => void;
  /**
   * Where the page goes once the copy is gone; by default it loads `next` (`/`, or where a paired device goes
   * on), the store starting afresh.
   */
  restart?: (next: string) => void;
}

/** Listens for the device being signed out; answers how to stop listening. */
export function leaveWhenSignedOut({ stopWriting, restart = (next) => window.location.replace(next) }: SignedOutOptions): () => void {
  return whenSignedOut((next) => {
    stopWriting();
    void eraseDeviceCopy().finally(() => restart(next));
  });
}
