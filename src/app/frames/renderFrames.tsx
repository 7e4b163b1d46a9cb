// Build-time only (bundled for Node by prerenderFrames.ts, never shipped to the browser): renders an app route
// (frameRoutes.ts) as the static frame the server sends for it. The frame is the app itself (src/app/App.tsx)
// at that address with a fresh empty store: the markup the browser's first render produces on a device with
// nothing on it, so the app can hydrate it. It holds no student data, and the first paint and the page's
// largest text do not wait for JavaScript.
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { App } from '../App.tsx';
import { preloadRoute } from '../router.tsx';
import { makeStore } from '../store.ts';

// The routes to render, and those the service worker leaves to the network, read by prerenderFrames.ts from this
// bundle: the list is the stages', which only a bundler can load (their pages import stylesheets).
export { FRAME_ROUTES, ONLINE_PATHS } from './frameRoutes.ts';

/**
 * The markup of `path`'s page as a student with nothing on this device yet first sees it. Its page's chunk is
 * loaded first, as the browser loads it before its first render (src/app/startApp.tsx).
 */
export async function renderFrame(path: string): Promise<string> {
  await preloadRoute(path);
  const Router = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>;
  return renderToString(<App store={makeStore()} Router={Router} />);
}
