// Where the device copy lives: localforage's own instance for it (IndexedDB, or localStorage on the rare
// browser without it), handed to redux-persist as its storage. Only localforage's public API is used.
import localforage from 'localforage';

export const deviceStorage = localforage.createInstance({
  name: 'essay-studio',
  storeName: 'state',
  driver: [localforage.INDEXEDDB, localforage.LOCALSTORAGE],
});
