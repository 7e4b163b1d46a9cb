// How the device copy is kept: redux-persist, the one writer of the device copy, keeps the student's data in
// IndexedDB through localforage (deviceStorage.ts). When it writes is decided by the persistence listener (persistence.ts):
// each change at once, and again when the page is hidden or closed, so a student on a flaky phone who closes
// the tab mid-sentence keeps the sentence.
import { createMigrate, createTransform, persistReducer } from 'redux-persist';
import type { PersistPartial } from 'redux-persist/es/persistReducer';
import autoMergeLevel2 from 'redux-persist/es/stateReconciler/autoMergeLevel2';
import type { Reducer, UnknownAction } from '@reduxjs/toolkit';
import { STAGES } from '../stages.ts';
import { deviceStorage } from './deviceStorage.ts';
import { PERSIST_VERSION, migrations } from './migrations.ts';
import type { SyncState } from './syncSlice.ts';

export const PERSIST_KEY = 'essay-studio';

/**
 * The student-data slices (each stage's `deviceKeeps`, src/app/stages.ts), and `sync` (of which only
 * `sync.saved`, what the remote sync remembers about them), written together so they never disagree. The session is not here: the cookie and the server own
 * it. Neither is the text of an essay still streaming in (its own slice, `essayStream`): it changes many
 * times a second and is worth nothing once the stream is cut.
 */
export const PERSISTED_SLICES = [...STAGES.flatMap((stage): readonly string[] => stage.deviceKeeps ?? []), 'sync'];

/**
 * Did the device copy's content change between two states? Slice by slice as references (a stage keeps its
 * request state in a slice of its own, which is not among them); of the sync slice only `sync.saved`: the sync
 * status, the save error and the like are this page's own.
 */
export const deviceCopyChanged = (current: object, previous: object): boolean => PERSISTED_SLICES.some((key) => {
  const now = (current as Record<string, unknown>)[key];
  const before = (previous as Record<string, unknown>)[key];
  if (now === before) return false;
  return key !== 'sync' || (now as SyncState).saved !== (before as SyncState).saved;
});

/** Only `sync.saved` goes into the device copy; the rest of the sync slice starts afresh on each load. */
const savedSyncOnly = createTransform<SyncState, Pick<SyncState, 'saved'>>(
  (sync) => ({ saved: sync.saved }),
  (stored) => stored as SyncState,
  { whitelist: ['sync'] },
);

/**
 * The device storage as redux-persist sees it, with a write skipped when it would store what the last write
 * (or read) already holds: redux-persist writes whenever a persisted slice changes identity, and the sync
 * slice changes with every step of a sync run (its status, its backoff) without changing what it stores.
 */
const unchangedWritesSkipped = (storage: typeof deviceStorage) => {
  const held = new Map<string, string | null>();
  return {
    getItem: async (key: string): Promise<string | null> => {
      const value = await storage.getItem<string>(key);
      held.set(key, value);
      return value;
    },
    setItem: async (key: string, value: string): Promise<void> => {
      if (held.get(key) === value) return;
      held.set(key, value);
      try {
        await storage.setItem(key, value);
      } catch (error) {
        held.delete(key); // not stored: the next write must not be skipped
        throw error;
      }
    },
    removeItem: async (key: string): Promise<void> => {
      held.delete(key);
      await storage.removeItem(key);
    },
  };
};

export const persistRootReducer = <S>(
  reducer: Reducer<S, UnknownAction, Partial<S>>,
): Reducer<S & PersistPartial, UnknownAction, Partial<S & PersistPartial>> =>
  // The cast only restores what redux-persist's types drop: the combined reducer accepts a partial
  // preloaded state (each slice fills in its own initial state), and persistReducer passes it through.
  persistReducer<S, UnknownAction>(
    {
      key: PERSIST_KEY,
      version: PERSIST_VERSION,
      storage: unchangedWritesSkipped(deviceStorage),
      whitelist: [...PERSISTED_SLICES],
      transforms: [savedSyncOnly],
      // Write every change as soon as it happens (the budget is one keystroke's write under 8 ms).
      throttle: 0,
      // redux-persist's default gives up reading after 5 s and then overwrites the stored copy with an empty
      // state. A slow disk must never cost a student their answers, so it waits for the read instead.
      timeout: 0,
      migrate: createMigrate(migrations, { debug: false }),
      // Each stored slice is merged over the slice's initial state, so a field added to a slice later keeps its
      // default on rehydration; a slice changed before rehydration (an early keystroke) keeps its change.
      stateReconciler: autoMergeLevel2,
    },
    reducer as Reducer<S, UnknownAction>,
  ) as Reducer<S & PersistPartial, UnknownAction, Partial<S & PersistPartial>>;
