// The app's providers: the store, the device copy's gate, then the start-up gate. 'Loading your
// data...' shows until the device copy is read back; with one, the app renders at once and the remote copy
// fills in behind it. Without one (a new browser), it waits for the remote copy, and shows the load
// failure ('Failed to load your saved data…') only when that cannot be read either. An app opened at an address that is not its own says so
// instead of waiting or failing: no refresh would help there.
import { type ReactNode, useSyncExternalStore } from 'react';
import { Provider } from 'react-redux';
import type { Persistor } from 'redux-persist';
import { useAppSelector } from './hooks.ts';
import { WrongAddressNotice, selectWrongAddress } from './layout/WrongAddressNotice.tsx';
import { LoadFailedScreen, LoadingScreen } from '../ui/LoadingScreen.tsx';
import { selectDocumentLoadFailed, selectDocumentReady } from './persistence/syncSlice.ts';
import type { AppStore } from './store.ts';

function StartupGate({ children }: { children: ReactNode }) {
  const ready = useAppSelector(selectDocumentReady);
  const failed = useAppSelector(selectDocumentLoadFailed);
  const wrongAddress = useAppSelector(selectWrongAddress) !== null;
  if (ready) return children;
  if (wrongAddress) return <div className="loading-screen"><WrongAddressNotice /></div>;
  return failed ? <LoadFailedScreen /> : <LoadingScreen />;
}

/**
 * Redux-persist's PersistGate, read at render: its own gate learns that the device copy was read back only
 * after it mounts, and its update from there re-renders the whole page synchronously, in one long task on a
 * phone, however the first render was scheduled. Here a page rendered after the read is the page at once.
 * Measured (a 130-190 ms task at 4x CPU slowdown, against none here): src/app/persistence/README.md.
 */
function DeviceCopyGate({ persistor, children }: { persistor: Persistor; children: ReactNode }) {
  const bootstrapped = useSyncExternalStore(persistor.subscribe, () => persistor.getState().bootstrapped);
  return bootstrapped ? children : <LoadingScreen />;
}

export type AppProvidersProps = {
  store: AppStore;
  persistor: Persistor;
  children: ReactNode;
};

export function AppProviders({ store, persistor, children }: AppProvidersProps) {
  return (
    <Provider store={store}>
      <DeviceCopyGate persistor={persistor}>
        <StartupGate>{children}</StartupGate>
      </DeviceCopyGate>
    </Provider>
  );
}
