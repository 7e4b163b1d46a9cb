// The app routes that get a pre-rendered frame (prerenderFrames.ts writes one per route): every stage route that
// names its page's module as its `frame` (src/app/stages.ts), the student layout's pages and /thank-you. Not the
// landing page (pre-rendered on its own) nor the operator's dashboard.
import type { StageRoute } from '../../client-core/stage.ts';
import { STAGES } from '../stages.ts';

export interface FrameRoute {
  path: string;
  /** The page's module, a key of Vite's manifest (its chunk and stylesheets go into the frame's head). */
  module: string;
}

const ROUTES = STAGES.flatMap((stage): readonly StageRoute[] => stage.routes ?? []);

export const FRAME_ROUTES: readonly FrameRoute[] = ROUTES
  .flatMap((route) => (route.frame === undefined ? [] : [{ path: route.path, module: route.frame }]));

/** The routes the service worker leaves to the network (`online`), written beside the manifest for its build. */
export const ONLINE_PATHS: readonly string[] = ROUTES.filter((route) => route.online).map((route) => route.path);
