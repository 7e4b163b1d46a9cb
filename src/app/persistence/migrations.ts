// Versioned migrations of the device copy (redux-persist). Bump PERSIST_VERSION when a persisted slice
// changes shape and add a step keyed by the new version that turns the old state into the new one, e.g.
//   2: (state) => ({ ...state, topics: { ...state.topics, newField: [] } }),
// A student coming back after months then keeps every answer instead of rehydrating into a broken shape.
import type { MigrationManifest } from 'redux-persist';

export const PERSIST_VERSION = 1;

export const migrations: MigrationManifest = {};
