// GET /api/health: the load balancer's probe. Healthy only when the database answers, except while the database
// is known to be failing over: then it answers at once without asking it (src/server/lifecycle/README.md says
// why). Outside the network's API allowance, with a generous count of its own: a monitor behind a busy network
// always gets its answer.
import { type Kysely, sql } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema, healthResponseSchema } from '../../common/contract/contract.ts';
import type { Database } from '../db/schema.ts';
import { PROBE_BUDGET } from '../limits/budgets.ts';

interface HealthOptions {
  db: Kysely<Database>;
  /** Set for a DATABASE_URL whose primary is found among several hosts. */
  failingOver?: () => boolean;
}

export const healthRoutes: FastifyPluginAsyncZod<HealthOptions> = async (app, { db, failingOver }) => {
  app.get('/api/health', { config: { budget: PROBE_BUDGET }, schema: { response: { 200: healthResponseSchema, 503: errorBodySchema } } }, async (request, reply) => {
    if (failingOver?.() === true) return { status: 'ok' as const, database: 'failing_over' as const };
    try {
      await sql`select 1`.execute(db);
      return { status: 'ok' as const, database: 'ok' as const };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.code(503).send({ error: 'The database is not answering.', code: 'database_unavailable' });
    }
  });
};
