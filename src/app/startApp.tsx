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
import { APP_LIVE_MARK, FRAME_ATTRIBUTE } from './frames/frameMarkup.ts';
import {
  selectDocumentLoadFailed, selectDocumentReady, selectHasDeviceCopy, selectHasUnsyncedChanges,
} from './persistence/syncSlice.ts';
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

/** The frame's marks leave #root in the commit that replaces the frame; `onCommitted` follows that commit. */
function FrameRelease({ container, onCommitted }: { container: HTMLElement; onCommitted: () => void }) {
  useLayoutEffect(() => {
    container.removeAttribute(FRAME_ATTRIBUTE);
    container.removeAttribute('aria-busy');
    performance.mark(APP_LIVE_MARK);
    onCommitted();
  }, [container, onCommitted]);
  return null;
}

/**
 * Runs `task` once the page committed now is on screen and the main thread is idle: the renders that follow
 * the first (a restored step, a field's measured height) are painted first. At most a second later in any
 * case (a hidden tab runs no frame callbacks; a busy one may never be idle).
 */
function whenShownAndIdle(task: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    task();
  };
  const whenIdle = () => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(once, { timeout: 1000 });
    else setTimeout(once, 0);
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => requestAnimationFrame(whenIdle));
  setTimeout(once, 1000);
}

/** Starts the app in `rootElement`; the returned function stops it again (used by tests). */
export function startApp(rootElement: HTMLElement): () => void {
  const remote = chooseRemoteBackend();
  const store = makeStore(undefined, { remote, analytics: createBrowserAnalytics() });
  let stopped = false;
  store.dispatch(consentChanged(storedConsent()));
  // Every call to the server (the session, the plan, the remote copies) and, with the first answer, the
  // contract's schemas wait for the network to be allowed. A student whose answers are on this device sees
  // them first: the network waits until the page has replaced the frame, been painted and left the main
  // thread idle, so a phone's few connections and its main thread go to the page first (typing is saved on the
  // device meanwhile, as always). With nothing on the device the page needs the server's copy, and edits an
  // earlier visit left unsent should reach the server first of all: then the network is allowed as soon as
  // the device copy has been read.
  let allowNetwork: () => void = () => {};
  const networkAllowed = new Promise<void>((resolve) => {
    allowNetwork = resolve;
  });
  // Started before the session, so its sign-in is what first reads the remote copy.
  const persistence = startPersistence(store, { remoteSync: true, remoteStart: networkAllowed });
  void persistence.rehydrated.then(() => {
    const state = store.getState();
    if (!selectHasDeviceCopy(state) || selectHasUnsyncedChanges(state)) allowNetwork();
  });
  void networkAllowed.then(() => {
    if (!stopped) void bootstrapSession(store);
  });
  const firstScreenCommitted = () => whenShownAndIdle(allowNetwork);
  // The first page's chunk, fetched beside the device copy's read (modulepreloaded on a route's frame).
  const pageLoaded = preloadRoute(window.location.pathname);
  const root = createRoot(rootElement);
  const render = () => {
    if (stopped) return;
    root.render(
      <StrictMode>
        <FrameRelease container={rootElement} onCommitted={firstScreenCommitted} />
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
