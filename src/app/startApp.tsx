// The app's entry (loaded by src/main.tsx for every path but /): builds the store, starts the device copy,
// the remote sync and the session, renders the router, and registers the service worker. Firebase is
// never imported here; its backend loads lazily.
import { StrictMode, startTransition, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import '../ui/ui.css';
import './app.css';
import './layout/layout.css';
import { chooseRemoteBackend } from '../remote/chooseRemote.ts';
import { consentChanged, createBrowserAnalytics, storedConsent } from '../features/analytics/index.ts';
import { AppProviders } from './AppProviders.tsx';
import { bootstrapSession } from './bootstrap.ts';
import { startPersistence } from './persistence/persistence.ts';
import { registerWhenLoaded } from './pwa/serviceWorker.ts';
import { AppRoutes, preloadRoute } from './router.tsx';
import { makeStore } from './store.ts';
import type { AppStore } from './store.ts';
import { FRAME_ATTRIBUTE } from './frames/frameMarkup.ts';
import { selectDocumentLoadFailed, selectDocumentReady } from './persistence/syncSlice.ts';
import { selectWrongAddress } from './layout/WrongAddressNotice.tsx';

/**
 * Settles once the app's first screen is the page itself (the device copy or the remote copy read, and the
 * route's page loaded) or a start-up notice (nothing could be read, or a wrong address): until then the
 * pre-rendered frame stays, rather than giving way to a loading screen and then to the page.
 */
function firstScreenReady(store: AppStore, pageLoaded: Promise<void>): Promise<void> {
  const decided = () => {
    const state = store.getState();
    return selectDocumentReady(state) || selectDocumentLoadFailed(state) || selectWrongAddress(state) !== null;
  };
  const documentDecided = new Promise<void>((resolve) => {
    if (decided()) {
      resolve();
      return;
    }
    const stop = store.subscribe(() => {
      if (!decided()) return;
      stop();
      resolve();
    });
  });
  return Promise.all([documentDecided, pageLoaded]).then(() => undefined);
}

/** The frame's marks leave #root in the commit that replaces the frame. */
function FrameRelease({ container }: { container: HTMLElement }) {
  useLayoutEffect(() => {
    container.removeAttribute(FRAME_ATTRIBUTE);
    container.removeAttribute('aria-busy');
  }, [container]);
  return null;
}

/** Starts the app in `rootElement`; the returned function stops it again (used by tests). */
export function startApp(rootElement: HTMLElement): () => void {
  const remote = chooseRemoteBackend();
  const store = makeStore(undefined, { remote, analytics: createBrowserAnalytics() });
  store.dispatch(consentChanged(storedConsent()));
  // Started before the session, so its sign-in is what first reads the remote copy.
  const persistence = startPersistence(store, { remote });
  void bootstrapSession(store);
  // The first page's chunk, fetched beside the device copy's read (modulepreloaded on a route's frame).
  const pageLoaded = preloadRoute(window.location.pathname);
  const root = createRoot(rootElement);
  let stopped = false;
  const render = () => {
    if (stopped) return;
    root.render(
      <StrictMode>
        <FrameRelease container={rootElement} />
        <AppProviders store={store} persistor={persistence.persistor}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    );
  };
  // A route's pre-rendered frame (src/app/frames) stays until the page can replace it in one commit. That
  // render is a transition: React yields to the browser every few milliseconds while it builds the page, so
  // a phone's main thread is never blocked for long (the frame stays on screen meanwhile).
  if (rootElement.hasAttribute(FRAME_ATTRIBUTE)) void firstScreenReady(store, pageLoaded).then(() => startTransition(render));
  else render();
  // The offline app shell (production builds only: the dev server has no worker).
  if (import.meta.env.PROD) registerWhenLoaded();
  return () => {
    stopped = true;
    root.unmount();
    persistence.stop();
  };
}
