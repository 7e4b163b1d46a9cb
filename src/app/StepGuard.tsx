// The one route wrapper that evaluates the step guards: a student who may not enter
// the current route yet is sent, replacing the history entry, to the furthest step they may enter. The guards
// judge the student's data, so they wait until it is known (the page is live): until then the page shows
// (disabled, see AppProviders.tsx), as its pre-rendered frame does.
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { selectCanEnter, selectFurthestAllowedStep } from './guards.ts';
import { useAppSelector } from './hooks.ts';
import { routePath } from '../client-core/routes.ts';
import { usePageLive } from '../ui/pageLive.ts';

export function StepGuard() {
  const path = routePath(useLocation().pathname);
  const known = usePageLive();
  const allowed = useAppSelector((state) => selectCanEnter(path)(state));
  const furthest = useAppSelector(selectFurthestAllowedStep);
  return !known || allowed ? <Outlet /> : <Navigate replace to={furthest} />;
}
