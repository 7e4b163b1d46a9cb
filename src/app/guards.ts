// Step guards as selectors, derived from the stages' routes (src/app/stages.ts): a route the student may enter
// once they may enter the route it comes `after`, and its own `needs` hold. What a route needs is derived from
// the data the steps before it produce, never stored as a "done" flag; the essay type is the one recorded choice.
import { progressSteps } from '../client-core/routes.ts';
import type { StepPath } from '../client-core/routes.ts';
import type { StageRoute } from '../client-core/stage.ts';
import { STAGES } from './stages.ts';
import type { RootState } from './store.ts';

type Guard = (state: RootState) => boolean;

/** The student layout's routes (router.tsx routes each one through StepGuard), in the stages' order. */
const guardedRoutes = STAGES.flatMap((stage): readonly StageRoute[] => stage.routes ?? []).filter((route) => route.layout !== 'own');
const routeAt = new Map(guardedRoutes.map((route) => [route.path, route]));

/** `selectCanEnter('/topics')(state)`: may the student open this route now? (A route of its own is always open.) */
export const selectCanEnter = (path: string): Guard => (state) => {
  for (let route = routeAt.get(path); route; route = route.after === undefined ? undefined : routeAt.get(route.after)) {
    if (route.needs && !route.needs(state)) return false;
  }
  return true;
};

/** Where a blocked student is sent: the last progress step they may enter (at least the first). */
export const selectFurthestAllowedStep = (state: RootState): StepPath => {
  let furthest: StepPath = progressSteps[0].path;
  for (const step of progressSteps) {
    if (!selectCanEnter(step.path)(state)) break;
    furthest = step.path;
  }
  return furthest;
};
