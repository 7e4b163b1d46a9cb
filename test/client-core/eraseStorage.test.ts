// An erasure interrupted at any of its steps (the tab reloaded while its device was being signed out) is
// finished by the next page before it reads the device copy back: nothing of the student's is read back or
// sent under the session that follows. The interruption is a step that never ends (the page gone), the page
// after it a new store on the same browser storage.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startPersistence } from '../../src/app/persistence/persistence.ts';
import { connectSession } from '../../src/app/session/index.ts';
import { makeStore } from '../../src/app/store.ts';
import { deviceStorage } from '../../src/client-core/deviceCopyStorage.ts';
import { pendingErasure } from '../../src/client-core/erasureMark.ts';
import { eraseDeviceCopy } from '../../src/client-core/eraseStorage.ts';
import { fullNameChanged } from '../../src/features/wizard/index.ts';
import { fakeRemote } from '../app/persistence/fakeRemote.ts';
import { CONDITION_WAIT } from '../setup/conditionWait.ts';

const never = <T>(): Promise<T> => new Promise<T>(() => undefined);

/** The browser's Cache Storage, which happy-dom lacks. */
function cacheStorage() {
  const named = new Set<string>(['student-pages']);
  return {
    keys: async () => [...named],
    delete: async (name: string) => named.delete(name),
  };
}

const openDatabase = (name: string) => new Promise<void>((resolve) => {
  const request = indexedDB.open(name);
  request.onsuccess = () => {
    request.result.close();
    resolve();
  };
});

afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.sessionStorage.clear();
  await deviceStorage.clear();
});

/** A page of Maya's: her name in the device copy, a note in localStorage, a database of another part of the app. */
async function mayasPage() {
  const store = makeStore();
  const persistence = startPersistence(store);
  await persistence.rehydrated;
  store.dispatch(fullNameChanged('Maya Lin'));
  await persistence.persistor.flush();
  persistence.persistor.pause();
  window.localStorage.setItem('essay-studio:wizard-step', '3');
  await openDatabase('other-part');
  expect(JSON.stringify(await deviceStorage.getItem('persist:essay-studio'))).toContain('Maya Lin');
}

/** The page after the reload: a new visitor's session and the remote sync. */
async function nextPage() {
  const fake = fakeRemote();
  const store = makeStore(undefined, { remote: fake.remote });
  const persistence = startPersistence(store, { remoteSync: true, channel: null });
  void store.dispatch(connectSession());
  await persistence.rehydrated;
  await vi.waitFor(() => expect(store.getState().remoteSync.load).toBe('succeeded'), CONDITION_WAIT);
  persistence.stop();
  return { store, fake };
}

const interruptions: Array<[string, () => void]> = [
  ['deleting its own database', () => vi.spyOn(deviceStorage, 'dropInstance').mockImplementationOnce(never)],
  ['listing the other databases', () => vi.spyOn(indexedDB, 'databases').mockImplementationOnce(never)],
  ['deleting the other databases', () => vi.spyOn(indexedDB, 'deleteDatabase').mockImplementationOnce(() => ({}) as IDBOpenDBRequest)],
  ['listing the caches', () => vi.spyOn(caches, 'keys').mockImplementationOnce(never)],
  ['deleting the caches', () => vi.spyOn(caches, 'delete').mockImplementationOnce(never)],
];

describe('an erasure interrupted by a reload', () => {
  it.each(interruptions)('while %s is finished before the next page reads anything back', async (_step, interrupt) => {
    vi.stubGlobal('caches', cacheStorage());
    await mayasPage();
    interrupt();
    void eraseDeviceCopy();
    // The synchronous part is done at once: the mark is there before any step that could be interrupted.
    expect(pendingErasure()).toBe('all');
    await new Promise((resolve) => setTimeout(resolve, 20));

    const { store, fake } = await nextPage();
    expect(store.getState().wizard.basicInfo.fullName).toBe('');
    // Nothing of hers reached the new visitor's remote copy, and the device copy holds only the new page's.
    expect(JSON.stringify(await fake.remote.loadDocument(new AbortController().signal))).not.toContain('Maya');
    expect(JSON.stringify(await deviceStorage.getItem('persist:essay-studio'))).not.toContain('Maya');
    expect(window.localStorage.getItem('essay-studio:wizard-step')).toBeNull();
    expect((await indexedDB.databases()).map(({ name }) => name)).not.toContain('other-part');
    expect(await caches.keys()).toEqual([]);
    expect(pendingErasure()).toBeNull();
  });

  it('leaves no mark once an erasure ends, so the next page reads its own copy as always', async () => {
    vi.stubGlobal('caches', cacheStorage());
    await mayasPage();
    await eraseDeviceCopy();
    expect(pendingErasure()).toBeNull();
  });
});
