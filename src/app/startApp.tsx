// The app's entry (loaded by src/main.tsx for every path but /): builds the store, starts the device copy,
// the remote sync and the session, renders the router, and registers the service worker. Firebase is
// never imported here; its backend loads lazily.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import '../ui/ui.css';
import './app.css';
import { chooseRemoteBackend } from '../remote/chooseRemote.ts';
import { consentChanged, createBrowserAnalytics, storedConsent } from '../features/analytics/index.ts';
import { AppProviders } from './AppProviders.tsx';
import { bootstrapSession } from './bootstrap.ts';
import { startPersistence } from './persistence/persistence.ts';
import { registerWhenLoaded } from './pwa/serviceWorker.ts';
import { createAppRouter } from './router.tsx';
import { makeStore } from './store.ts';

/** Starts the app in `rootElement`; the returned function stops it again (used by tests). */
export function startApp(rootElement: HTMLElement): () => void {
  const remote = chooseRemoteBackend();
  const store = makeStore(undefined, { remote, analytics: createBrowserAnalytics() });
  store.dispatch(consentChanged(storedConsent()));
  // Started before the session, so its sign-in is what first reads the remote copy.
  const persistence = startPersistence(store, { remote });
  void bootstrapSession(store);
  const router = createAppRouter();
  const root = createRoot(rootElement);
  root.render(
    <StrictMode>
      <AppProviders store={store} persistor={persistence.persistor}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  // The offline app shell (production builds only: the dev server has no worker).
  if (import.meta.env.PROD) registerWhenLoaded();
  return () => {
    root.unmount();
    router.dispose();
    persistence.stop();
  };
}
