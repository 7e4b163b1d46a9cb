// The budget of a route a test adds to a real app: every route must declare one, and a test's own route only
// needs figures that stay out of its way.
import { apiRate, loopCpu, type RouteBudget, storesNothing } from '../../../src/server/limits/budgets.ts';

export const TEST_ROUTE_BUDGET: RouteBudget = {
  body: 'contract', rate: apiRate(10_000), storage: storesNothing('a route a test adds'), use: 'a test\'s own calls',
  cpu: loopCpu(50, 'a test\'s own input'),
};

export const testRoute = { config: { budget: TEST_ROUTE_BUDGET } };
