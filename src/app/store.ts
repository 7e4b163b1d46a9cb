// The store: one slice per flow stage plus the session and the sync, the device copy kept by
// redux-persist, and a listener middleware for reactions across features. `makeStore` builds a fresh,
// real store, so every test gets its own. A lazily loaded page's RTK Query API slice (the operator's
// dashboard) joins later through `addApiSlice`.
import { combineSlices, configureStore, createDynamicMiddleware, createListenerMiddleware } from '@reduxjs/toolkit';
import type { Middleware, Reducer } from '@reduxjs/toolkit';
import { FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import { injectPageSlices } from '../client-core/pageSlices.ts';
import { serverBackend } from '../remote/index.ts';
import type { RemoteBackend } from '../remote/index.ts';
import { actionSanitizer, stateSanitizer } from './devtools.ts';
import type { AppStartListening } from './hooks.ts';
import { persistRootReducer } from './persistence/localPersistence.ts';
import { selectFormDocument } from './formDocument.ts';
import type { FormDocumentSelector } from './formDocument.ts';
import { remoteSyncSlice, syncSlice } from './persistence/syncSlice.ts';
import { syncThenCountUnsent } from './persistence/syncFirst.ts';
import { addVersionBudgetListener } from './persistence/versionBudget.ts';
import { addSessionListeners, sessionSlice } from './session/index.ts';
import { STAGES } from './stages.ts';

/** Every stage's slices (src/app/stages.ts), the session's and the sync's. */
type StageSlice = (typeof STAGES)[number]['slices'][number];
const stageSlices = STAGES.flatMap((stage): readonly StageSlice[] => stage.slices);
export const rootReducer = combineSlices(sessionSlice, syncSlice, remoteSyncSlice, ...stageSlices);
const persistedReducer = persistRootReducer(rootReducer);
// A page's requests slice joins as its chunk arrives (src/client-core/pageSlices.ts).
injectPageSlices((slice) => rootReducer.inject(slice));

// Every store's chain holds this, so middleware added at run time reaches them all.
const lateMiddleware = createDynamicMiddleware();

/**
 * Adds an RTK Query API slice that a lazily loaded page brings (its code stays out of the student's pages):
 * its reducer joins the root reducer, its middleware every store's chain. The slice's state appears with the
 * next action dispatched.
 */
export function addApiSlice(api: { reducerPath: string; reducer: Reducer; middleware: Middleware }): void {
  rootReducer.inject(api);
  lateMiddleware.addMiddleware(api.middleware);
}

/**
 * What thunks and listeners get besides state and dispatch: the remote backend chosen at start-up, and the
 * form document's selector. The document is assembled from five features' slices, so the features' AI
 * thunks receive it here rather than importing the app that imports them.
 */
export type ThunkExtra = {
  remote: RemoteBackend;
  selectFormDocument: FormDocumentSelector;
  /** Runs the remote sync once more and answers how many changes are still only on this device. */
  syncThenCountUnsent: (dispatch: AppDispatch, getState: () => RootState) => Promise<number>;
};

export type StoreOptions = {
  remote?: RemoteBackend;
};

export function makeStore(preloadedState?: Partial<RootState>, options: StoreOptions = {}) {
  const extra: ThunkExtra = { remote: options.remote ?? serverBackend, selectFormDocument, syncThenCountUnsent };
  // One listener middleware per store, so stores built by tests never share listeners. Cross-feature
  // reactions are a stage's `listeners` (its stage.ts), registered here;
  // the persistence listener (src/app/persistence/persistence.ts) joins it at start-up.
  const listenerMiddleware = createListenerMiddleware({ extra });
  const startListening = listenerMiddleware.startListening as AppStartListening;
  addSessionListeners(startListening);
  for (const stage of STAGES) for (const add of stage.listeners ?? []) add(startListening);
  addVersionBudgetListener(startListening);
  const store = configureStore({
    reducer: persistedReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        thunk: { extraArgument: extra },
        // redux-persist's own actions carry functions (register, rehydrate): RTK's documented exception.
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).prepend(listenerMiddleware.middleware).concat(lateMiddleware.middleware),
    devTools: import.meta.env.DEV ? { name: 'Essay Studio', actionSanitizer, stateSanitizer } : false,
  });
  return store;
}

export type RootState = ReturnType<typeof persistedReducer>;
export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
