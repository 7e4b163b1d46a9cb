// Erasing what this origin keeps in the browser: all of it when the device is signed out, and what outlives the
// tab when the student says this is a shared computer. Public APIs only: localforage closes its own connection
// before its database is deleted (a delete waits on open connections), then every other database goes.
import { DEVICE_DATABASE, deviceStorage } from './deviceCopyStorage.ts';

/** Erases everything this origin keeps in the browser's storage. */
export async function eraseDeviceCopy(): Promise<void> {
  window.sessionStorage.clear();
  await eraseDurableStorage();
}

/**
 * Erases what outlives the tab: IndexedDB, localStorage and Cache Storage (ticking "This is a shared computer",
 * whose tab keeps its copy in sessionStorage).
 */
export async function eraseDurableStorage(): Promise<void> {
  window.localStorage.clear();
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

