// The app's providers: the store, then the start-up gate. Until the student's data is known (the device copy
// read back; on a browser without one, the remote copy), the page shows as a student with nothing on this
// device would first see it, its controls disabled, with 'Loading your data...' over it: that is the route's
// pre-rendered frame, which the app hydrates (src/app/frames), so nothing on screen is replaced when the app
// arrives. Nothing can be typed into it meanwhile (the data read back then fills it in), yet it stays readable,
// to a screen reader too. Without a device copy, the
// load failure ('Failed to load your saved data…') shows only when the remote copy cannot be read either. An
// app opened at an address that is not its own says so instead of waiting or failing: no refresh would help.
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { MESSAGES } from '../common/contract/messages.ts';
import { useAppSelector } from './hooks.ts';
import { WrongAddressNotice, selectWrongAddress } from './layout/WrongAddressNotice.tsx';
import { LoadFailedScreen } from '../ui/LoadingScreen.tsx';
import { PageLiveContext } from '../ui/pageLive.ts';
import { selectDocumentLoadFailed, selectDocumentReady } from './persistence/syncSlice.ts';
import type { AppStore } from './store.ts';

function StartupGate({ children }: { children: ReactNode }) {
  const ready = useAppSelector(selectDocumentReady);
  const failed = useAppSelector(selectDocumentLoadFailed);
  const wrongAddress = useAppSelector(selectWrongAddress) !== null;
  if (!ready && wrongAddress) return <div className="loading-screen"><WrongAddressNotice /></div>;
  if (!ready && failed) return <LoadFailedScreen />;
  return (
    <PageLiveContext.Provider value={ready}>
      {/* A disabled fieldset disables every control inside it, natively: a field that is not ready says so to
          the browser, a screen reader and a test alike. It adds no box (display: contents) and no group. */}
      <fieldset className="startup-gate" role="presentation" disabled={!ready}>{children}</fieldset>
      {!ready && <p className="startup-status" role="status">{MESSAGES.loading}</p>}
    </PageLiveContext.Provider>
  );
}

export type AppProvidersProps = {
  store: AppStore;
  children: ReactNode;
};

export function AppProviders({ store, children }: AppProvidersProps) {
  return (
    <Provider store={store}>
      <StartupGate>{children}</StartupGate>
    </Provider>
  );
}
