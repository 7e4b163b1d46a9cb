// The one local writer: redux-persist keeps the student's data in IndexedDB through
// localforage, writing each change at once and flushing when the page is hidden or closed, so a student
// on a flaky phone who closes the tab mid-sentence keeps the sentence. The remote sync is a
// listener beside this file; it never writes the device copy itself.
import localforage from 'localforage';
import { createMigrate, persistReducer, persistStore } from 'redux-persist';
import type { Persistor } from 'redux-persist';
import type { PersistPartial } from 'redux-persist/es/persistReducer';
import type { Reducer, Store, UnknownAction } from '@reduxjs/toolkit';
import { mergeTwoLevels } from './mergeTwoLevels.ts';
import { PERSIST_VERSION, migrations } from './migrations.ts';

export const PERSIST_KEY = 'essay-studio';

/**
 * The student-data slices, and `sync` (what the remote sync remembers about them), written together so
 * they never disagree. The session is not here: the cookie and the server own it.
 */
export const PERSISTED_SLICES = ['wizard', 'essayType', 'topics', 'followup', 'essay', 'supplemental', 'sync'] as const;

/** IndexedDB, or localStorage on the rare browser where IndexedDB is unavailable. */
export const deviceStorage = localforage.createInstance({
  name: 'essay-studio',
  storeName: 'state',
  driver: [localforage.INDEXEDDB, localforage.LOCALSTORAGE],
});

export const persistRootReducer = <S>(
  reducer: Reducer<S, UnknownAction, Partial<S>>,
): Reducer<S & PersistPartial, UnknownAction, Partial<S & PersistPartial>> =>
  // The cast only restores what redux-persist's types drop: the combined reducer accepts a partial
  // preloaded state (each slice fills in its own initial state), and persistReducer passes it through.
  persistReducer<S, UnknownAction>(
    {
      key: PERSIST_KEY,
      version: PERSIST_VERSION,
      storage: deviceStorage,
      whitelist: [...PERSISTED_SLICES],
      // Write every change as soon as it happens (the budget is one keystroke's write under 8 ms).
      throttle: 0,
      // redux-persist's default gives up reading after 5 s and then overwrites the stored copy with an empty
      // state. A slow disk must never cost a student their answers, so it waits for the read instead.
      timeout: 0,
      migrate: createMigrate(migrations, { debug: false }),
      // Merge one level into each slice, so a field added to a slice later keeps its default on rehydration.
      stateReconciler: mergeTwoLevels,
    },
    reducer as Reducer<S, UnknownAction>,
  ) as Reducer<S & PersistPartial, UnknownAction, Partial<S & PersistPartial>>;

/**
 * Reads the device copy back into `store` and keeps writing it, each change as it happens. Writes are also
 * flushed when the page is hidden (tab switch, phone lock) or unloaded; `pagehide` is the last event a
 * closing mobile page reliably gets.
 */
export function startLocalPersistence(store: Store): { persistor: Persistor; rehydrated: Promise<void>; stop: () => void } {
  let markRehydrated: () => void = () => {};
  const rehydrated = new Promise<void>((resolve) => {
    markRehydrated = resolve;
  });
  const persistor = persistStore(store, null, () => markRehydrated());
  const flush = () => {
    void persistor.flush();
  };
  // redux-persist queues each change for a timer tick (setInterval 0), which a busy frame pushes past its
  // paint; flushing as soon as a persisted slice changes hands the write to IndexedDB in the same task as
  // the keystroke. Compared slice by slice: the flush itself dispatches, but changes none of them.
  const persistedSlices = (state: unknown) => PERSISTED_SLICES.map((key) => (state as Record<string, unknown>)[key]);
  let written = persistedSlices(store.getState());
  const unsubscribe = store.subscribe(() => {
    const slices = persistedSlices(store.getState());
    if (slices.every((slice, index) => slice === written[index])) return;
    written = slices;
    flush();
  });
  const flushWhenHidden = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', flushWhenHidden);
  return {
    persistor,
    rehydrated,
    stop: () => {
      unsubscribe();
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', flushWhenHidden);
      persistor.pause();
    },
  };
}
