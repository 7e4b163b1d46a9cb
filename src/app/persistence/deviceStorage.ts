// Where the device copy lives: localforage's own instance for it (IndexedDB, or localStorage on the rare
// browser without it), handed to redux-persist as its storage. Only localforage's public API is used.
import localforage from 'localforage';

export const DEVICE_DATABASE = 'essay-studio';

export const deviceStorage = localforage.createInstance({
  name: DEVICE_DATABASE,
  storeName: 'state',
  driver: [localforage.INDEXEDDB, localforage.LOCALSTORAGE],
});
