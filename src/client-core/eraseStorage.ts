// Erasing what this origin keeps in the browser: all of it when the device is signed out, and what outlives the
// tab when the student says this is a shared computer. Public APIs only: localforage closes its own connection
// before its database is deleted (a delete waits on open connections), then every other database goes.
// Each erasure is marked before its first step and unmarked after its last (erasureMark.ts): a page reloaded
// in between finishes it before it reads anything back (`finishPendingErasure`, called by deviceCopyStorage.ts).
import { DEVICE_DATABASE, deviceStorage } from './deviceCopyStorage.ts';
import { type ErasureScope, markErasure, pendingErasure, unmarkErasure } from './erasureMark.ts';

/** Erases everything this origin keeps in the browser's storage. */
export async function eraseDeviceCopy(): Promise<void> {
  await erase('all');
}

/**
 * Erases what outlives the tab: IndexedDB, localStorage and Cache Storage (ticking "This is a shared computer",
 * whose tab keeps its copy in sessionStorage).
 */
export async function eraseDurableStorage(): Promise<void> {
  await erase('durable');
}

let finishing: Promise<void> | null = null;

/**
 * Finishes an erasure an earlier page (or this one) marked and did not end; at once when none is marked. Called
 * before the device copy is read back, so a copy half erased is never read.
 */
export function finishPendingErasure(): Promise<void> {
  const scope = pendingErasure();
  if (scope === null) return Promise.resolve();
  finishing ??= erase(scope).finally(() => {
    finishing = null;
  });
  return finishing;
}

async function erase(scope: ErasureScope): Promise<void> {
  // The synchronous part, in one task: the mark, then the Web Storage, then the mark again (clearing took it).
  markErasure(scope);
  if (scope === 'all') window.sessionStorage.clear();
  window.localStorage.clear();
  markErasure(scope);
  // localforage closes its own connection before deleting its database (a delete waits on open connections).
  await deviceStorage.dropInstance({ name: DEVICE_DATABASE }).catch(() => undefined);
  const others = typeof indexedDB.databases === 'function' ? await indexedDB.databases().catch(() => []) : [];
  // A delete blocked by another tab's connection completes once that tab lets go (localforage closes on the
  // version change); the mark stays until it has.
  await Promise.all(others.flatMap(({ name }) => (name === undefined ? [] : [new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onerror = () => resolve();
  })])));
  if (typeof caches !== 'undefined') {
    await Promise.all((await caches.keys()).map((key) => caches.delete(key)));
  }
  unmarkErasure(scope);
}
