// The app's providers: the store, the device copy (PersistGate) and the session, then the router.
// 'Loading your data...' shows until the device copy is read back AND the session call has settled.
import { Suspense, use } from 'react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import type { Persistor } from 'redux-persist';
import { LoadingScreen } from './LoadingScreen.tsx';
import type { AppStore } from './store.ts';

/** Suspends until the session call has settled (React 19 `use`), so Suspense shows the loading screen. */
function AfterSession({ sessionSettled, children }: { sessionSettled: Promise<void>; children: ReactNode }) {
  use(sessionSettled);
  return children;
}

export type AppProvidersProps = {
  store: AppStore;
  persistor: Persistor;
  sessionSettled: Promise<void>;
  children: ReactNode;
};

export function AppProviders({ store, persistor, sessionSettled, children }: AppProvidersProps) {
  return (
    <Provider store={store}>
      <PersistGate loading={<LoadingScreen />} persistor={persistor}>
        <Suspense fallback={<LoadingScreen />}>
          <AfterSession sessionSettled={sessionSettled}>{children}</AfterSession>
        </Suspense>
      </PersistGate>
    </Provider>
  );
}
