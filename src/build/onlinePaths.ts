// The app routes the service worker leaves to the network: a stage's route marked `online` (src/client-core/stage.ts)
// means nothing offline. Only the built stages know them, so the frames' pre-render (src/app/frames/prerenderFrames.ts)
// writes them beside Vite's manifest, and the service worker's build reads them back (vite.config.ts).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export const ONLINE_PATHS_FILE = '.vite/online-paths.json';

/** Navigations to those routes, with or without a query, for Workbox's navigateFallbackDenylist. */
export const onlineNavigations = (builtDir: string): RegExp[] =>
  (JSON.parse(readFileSync(resolve(builtDir, ONLINE_PATHS_FILE), 'utf8')) as string[])
    .map((path) => new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\/|$|\\?)`));
