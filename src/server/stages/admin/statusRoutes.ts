// GET /api/admin-status: whether the operator's dashboard is switched on (ADMIN_TOKEN configured), so the
// dashboard can say how to turn it on without sending a token, and without counting as a failed attempt.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminStatusResponseSchema } from '../../../common/contract/contract.ts';
import { apiRate, loopCpu, noBodyBudget } from '../../limits/budgets.ts';

const budget = noBodyBudget(apiRate(30), 'answers from the configuration', 'the dashboard opening',
  loopCpu(8, 'no input'));

export const adminStatusRoutes: FastifyPluginAsyncZod<{ enabled: boolean }> = async (app, { enabled }) => {
  app.get('/api/admin-status', { config: { budget }, schema: { response: { 200: adminStatusResponseSchema } } }, async () => ({ enabled }));
};
