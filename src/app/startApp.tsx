// The app's entry (loaded by src/main.tsx for every path but /): builds the store, starts the device copy
// and the session, and renders the router. Firebase is never imported here; its backend loads lazily.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import '../ui/ui.css';
import './app.css';
import { consentChanged, createBrowserAnalytics, storedConsent } from '../features/analytics/index.ts';
import { AppProviders } from './AppProviders.tsx';
import { bootstrapSession } from './bootstrap.ts';
import { startLocalPersistence } from './persistence/localPersistence.ts';
import { createAppRouter } from './router.tsx';
import { makeStore } from './store.ts';

/** Starts the app in `rootElement`; the returned function stops it again (used by tests). */
export function startApp(rootElement: HTMLElement): () => void {
  const store = makeStore(undefined, { analytics: createBrowserAnalytics() });
  store.dispatch(consentChanged(storedConsent()));
  const persistence = startLocalPersistence(store);
  const sessionSettled = bootstrapSession(store);
  const router = createAppRouter();
  const root = createRoot(rootElement);
  root.render(
    <StrictMode>
      <AppProviders store={store} persistor={persistence.persistor} sessionSettled={sessionSettled}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return () => {
    root.unmount();
    router.dispose();
    persistence.stop();
  };
}
