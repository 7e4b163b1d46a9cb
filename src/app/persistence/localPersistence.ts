// How the device copy is kept: redux-persist, the one writer of the device copy, keeps the student's data in
// IndexedDB through localforage, or in the tab's sessionStorage on a shared computer (src/client-core/deviceCopyStorage.ts). When it writes is decided by the persistence listener (persistence.ts):
// each change at once, and again when the page is hidden or closed, so a student on a flaky phone who closes
// the tab mid-sentence keeps the sentence.
import { createMigrate, persistReducer } from 'redux-persist';
import type { PersistPartial } from 'redux-persist/es/persistReducer';
import autoMergeLevel2 from 'redux-persist/es/stateReconciler/autoMergeLevel2';
import type { Reducer, UnknownAction } from '@reduxjs/toolkit';
import { STAGES } from '../stages.ts';
import { deviceCopyStorage, PERSIST_KEY } from '../../client-core/deviceCopyStorage.ts';
import { finishPendingErasure } from '../../client-core/eraseStorage.ts';
import { PERSIST_VERSION, migrations } from './migrations.ts';

export { PERSIST_KEY };

/**
 * The student-data slices (each stage's `deviceKeeps`, src/app/stages.ts), and `sync` (what the remote sync
 * remembers about them), written together so they never disagree. The session is not here: the cookie and the
 * server own it. Neither is the text of an essay still streaming in (its own slice, `essayStream`): it changes
 * many times a second and is worth nothing once the stream is cut.
 */
export const PERSISTED_SLICES = [...STAGES.flatMap((stage): readonly string[] => stage.deviceKeeps ?? []), 'sync'];

/**
 * Did the device copy's content change between two states? Slice by slice as references: what is not stored
 * (request state, the sync's run and status, a streaming essay) is in slices of its own that are not among them.
 */
export const deviceCopyChanged = (current: object, previous: object): boolean =>
  PERSISTED_SLICES.some((key) => (current as Record<string, unknown>)[key] !== (previous as Record<string, unknown>)[key]);

/**
 * redux-persist's storage: the device copy's, read back only once an erasure an earlier page left unfinished
 * (reloaded while its device was being signed out) is done, so a half-erased copy is never read back, and the
 * sync, which waits for the read, never sends it.
 */
const storage = {
  ...deviceCopyStorage,
  getItem: async (key: string) => {
    await finishPendingErasure();
    return deviceCopyStorage.getItem(key);
  },
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
      storage,
      whitelist: [...PERSISTED_SLICES],
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
