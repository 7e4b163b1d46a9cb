// The one route wrapper that evaluates the step guards: a student who may not enter
// the current route yet is sent, replacing the history entry, to the furthest step they may enter.
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { isGuardedPath, selectCanEnter, selectFurthestAllowedStep } from './guards.ts';
import { useAppSelector } from './hooks.ts';
import { routePath } from '../client-core/routes.ts';

export function StepGuard() {
  const path = routePath(useLocation().pathname);
  const allowed = useAppSelector((state) => !isGuardedPath(path) || selectCanEnter(path)(state));
  const furthest = useAppSelector(selectFurthestAllowedStep);
  return allowed ? <Outlet /> : <Navigate replace to={furthest} />;
}
