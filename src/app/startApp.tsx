// The app's entry (loaded by src/main.tsx for every path but /): builds the store, reads the device copy, puts
// the route's page on screen, then starts the remote sync and the session, and registers the service worker.
// Firebase is never imported here; its backend loads lazily.
//
// The first paint is the route's frame, plain HTML sent by the server: the page as a student with nothing on this
// device sees it, disabled, with 'Loading your data...' (src/app/AppProviders.tsx). Once the device copy is read:
// - with nothing on this device (a first visit), the page is exactly that frame, so React hydrates it: nothing on
//   screen is replaced, and the largest text painted first stays the page's largest. It goes live when the
//   remote copy has been read;
// - with the student's data on this device, the page shows their data, drawn anew and put in the frame's place in
//   one commit: filling the frame in instead would push its parts about as the answers appear (layout shifts).
import { clearAllListeners } from '@reduxjs/toolkit';
import { startTransition } from 'react';
import { type Root, createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import '../ui/ui.css';
import './app.css';
import './layout/layout.css';
import { chooseRemoteBackend } from '../remote/chooseRemote.ts';
import { App } from './App.tsx';
import { bootstrapSession } from './bootstrap.ts';
import { APP_LIVE_MARK, FRAME_ATTRIBUTE } from './frames/marks.ts';
import { startPersistence } from './persistence/persistence.ts';
import { leaveWhenSignedOut } from './session/signedOutDevice.ts';
import { preloadRoute } from './router.tsx';
import { STAGES } from './stages.ts';
import { makeStore } from './store.ts';
import { isSharedComputer } from '../client-core/sharedComputer.ts';
import { nextIdle } from '../ui/index.ts';
import { selectHasDeviceCopy, selectHasUnsyncedChanges } from './persistence/syncSlice.ts';

/**
 * Runs `task` once the page committed now is on screen and the main thread is idle: the renders that follow
 * (a restored step, a field's measured height) are painted first. At most a second later in any case (a
 * hidden tab runs no frame callbacks; a busy one may never be idle).
 */
function whenShownAndIdle(task: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    task();
  };
  const whenIdle = () => {
    void nextIdle().then(once);
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => requestAnimationFrame(whenIdle));
  setTimeout(once, 1000);
}

/**
 * Starts the app in `rootElement`; the returned function stops it again (used by tests), and resolves once the
 * device copy's last write has landed.
 */
export function startApp(rootElement: HTMLElement): () => Promise<void> {
  const remote = chooseRemoteBackend();
  const store = makeStore(undefined, { remote });
  let stopped = false;
  // The stages' start-up (analytics: its consent, and a recorder until its code comes once the page is live,
  // kept out of the first load).
  const whenLive = STAGES.flatMap((stage) => (stage.start ? [stage.start(store, STAGES)] : []));
  // Every call to the server (the session, the plan, the remote copies) and, with the first answer, the
  // contract's schemas wait for the network to be allowed. A student whose answers are on this device sees
  // them first: the network waits until the page is live, painted and the main thread idle, so a phone's few
  // connections and its main thread go to the page first (typing is saved on the device meanwhile, as always).
  // With nothing on the device the page needs the server's copy, and edits an earlier visit left unsent should
  // reach the server first of all: then the network is allowed as soon as the page is on screen. Never sooner:
  // an answer arriving while React hydrates the frame would change what the page must match.
  let allowNetwork: () => void = () => {};
  const networkAllowed = new Promise<void>((resolve) => {
    allowNetwork = resolve;
  });
  void networkAllowed.then(() => {
    if (!stopped) void bootstrapSession(store);
  });
  // Started before the session, so its sign-in is what first reads the remote copy.
  const persistence = startPersistence(store, { remoteSync: true, remoteStart: networkAllowed });
  // A device signed out erases its copy before anything else, and starts again as a new visitor.
  const stopListeningForSignOut = leaveWhenSignedOut({ stopWriting: () => persistence.persistor.pause() });
  // On a shared computer a page goes into the browser's page cache (the back button's) hidden, and comes back
  // shown only while the tab is still on the student's session: after Sign out the tab's answer is gone, and
  // the page starts afresh, so the back button never shows what the student had on it.
  const intoPageCache = (event: PageTransitionEvent) => {
    if (event.persisted && isSharedComputer()) rootElement.hidden = true;
  };
  const fromPageCache = (event: PageTransitionEvent) => {
    if (!event.persisted || !rootElement.hidden) return;
    if (isSharedComputer()) rootElement.hidden = false;
    else window.location.reload();
  };
  window.addEventListener('pagehide', intoPageCache);
  window.addEventListener('pageshow', fromPageCache);
  let started: () => void = () => {};
  const firstCommit = new Promise<void>((resolve) => {
    started = resolve;
  });
  void Promise.all([persistence.rehydrated, firstCommit]).then(() => {
    const state = store.getState();
    if (!selectHasDeviceCopy(state) || selectHasUnsyncedChanges(state)) allowNetwork();
  });
  let live = false;
  const wentLive = () => {
    if (live) return;
    live = true;
    performance.mark(APP_LIVE_MARK);
    whenShownAndIdle(() => {
      allowNetwork();
      for (const live of whenLive) live(() => !stopped);
      // The offline app shell (production builds only: the dev server has no worker), fetched with analytics.
      // Not on a shared computer: nothing of the app is left installed for the next person.
      if (import.meta.env.PROD && !isSharedComputer()) {
        void import('./pwa/serviceWorker.ts').then(({ registerWhenLoaded }) => registerWhenLoaded(), () => {});
      }
    });
  };
  const app = <App store={store} Router={BrowserRouter} onStarted={started} onLive={wentLive} />;
  let root: Root | null = null;
  // The first page's chunk (modulepreloaded by its frame) is in before the first render, which then renders the
  // page itself, not a loading screen. Either render is a transition: React yields to the browser every few
  // milliseconds while it builds or attaches the page (the frame stays on screen meanwhile), so a phone's main
  // thread is never blocked for long.
  void Promise.all([persistence.rehydrated, preloadRoute(window.location.pathname)]).then(() => {
    if (stopped) return;
    const hydrate = rootElement.hasAttribute(FRAME_ATTRIBUTE) && !selectHasDeviceCopy(store.getState());
    startTransition(() => {
      if (hydrate) {
        root = hydrateRoot(rootElement, app);
      } else {
        root = createRoot(rootElement);
        root.render(app);
      }
    });
  });
  return () => {
    stopped = true;
    stopListeningForSignOut();
    window.removeEventListener('pagehide', intoPageCache);
    window.removeEventListener('pageshow', fromPageCache);
    root?.unmount();
    persistence.stop();
    // The store's reactions end too, with whatever they were waiting to do (the analytics queue's next send).
    store.dispatch(clearAllListeners());
    return persistence.persistor.flush();
  };
}
