// Where the device copy lives, handed to redux-persist as its storage: localforage's own instance for it
// (IndexedDB, or localStorage on the rare browser without it), or, on a shared computer, redux-persist's own
// sessionStorage engine, so closing the tab erases it and a reload loses nothing. Only public APIs are used:
// the copy is moved between the two as the opaque value redux-persist last wrote or read.
import localforage from 'localforage';
import { KEY_PREFIX } from 'redux-persist/es/constants';
import sessionEngine from 'redux-persist/es/storage/session';
import type { Storage } from 'redux-persist';
import { isSharedComputer, rememberSharedComputer } from './sharedComputer.ts';

export const DEVICE_DATABASE = 'essay-studio';
/** redux-persist's key for the device copy, and the storage key it writes under (its own prefix). */
export const PERSIST_KEY = 'essay-studio';
export const DEVICE_COPY_KEYS: readonly string[] = [`${KEY_PREFIX}${PERSIST_KEY}`];

export const deviceStorage = localforage.createInstance({
  name: DEVICE_DATABASE,
  storeName: 'state',
  driver: [localforage.INDEXEDDB, localforage.LOCALSTORAGE],
});

type Engine = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const engineFor = (shared: boolean): Engine => (shared ? sessionEngine : deviceStorage);

/** What redux-persist last wrote or read under each key: what is moved when the student says where it lives. */
const lastKnown = new Map<string, string>();

/** redux-persist's storage: the engine this tab's answer about shared computers names, at each call. */
export const deviceCopyStorage: Engine = {
  getItem: async (key: string) => {
    const value = (await engineFor(isSharedComputer()).getItem(key)) as string | null;
    if (value !== null && value !== undefined && !lastKnown.has(key)) lastKnown.set(key, value);
    return value;
  },
  setItem: (key: string, value: string) => {
    lastKnown.set(key, value);
    return engineFor(isSharedComputer()).setItem(key, value) as Promise<unknown>;
  },
  removeItem: (key: string) => {
    lastKnown.delete(key);
    return engineFor(isSharedComputer()).removeItem(key) as Promise<unknown>;
  },
};

/**
 * Moves the device copy to this tab's sessionStorage (`shared`) or back to the device's storage. From the
 * moment it is called every write goes to the new place; what was last written is copied there first (or, in a
 * page that has neither written nor read it, such as the landing page, what the old place holds). The old place
 * is emptied by the caller.
 */
export async function moveDeviceCopy(shared: boolean, keys: readonly string[]): Promise<void> {
  if (isSharedComputer() === shared) return;
  const from = engineFor(!shared);
  const to = engineFor(shared);
  // Written before the switch, in the same task: a write redux-persist starts after it lands on top of this one.
  const known = keys.flatMap((key) => {
    const value = lastKnown.get(key);
    return value === undefined ? [] : [[key, to.setItem(key, value)] as const];
  });
  rememberSharedComputer(shared);
  await Promise.all(known.map(([, written]) => written));
  await Promise.all(keys.filter((key) => !lastKnown.has(key)).map(async (key) => {
    const value = (await from.getItem(key).catch(() => null)) as string | null;
    if (value !== null && value !== undefined && !lastKnown.has(key)) await to.setItem(key, value);
  }));
  if (!shared) await Promise.all(keys.map((key) => sessionEngine.removeItem(key)));
}
