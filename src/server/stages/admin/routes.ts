// The operator's support calls, all behind the admin token (checked by the secret gate, which the route's
// declaration names): POST /api/admin/entitlements grants or revokes a
// plan for a uid and records who-did-what in admin_audit.
import type { Kysely } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminEntitlementRequestSchema, adminEntitlementResponseSchema } from '../../../common/contract/contract.ts';
import { recordPlanChange } from './audit.ts';
import { savePlan } from '../../db/entitlements.ts';
import type { Database } from '../../db/schema.ts';
import { apiRate, KIB, loopCpu, type RouteBudget } from '../../limits/budgets.ts';

export interface AdminRoutesOptions {
  db: Kysely<Database>;
  clock: () => Date;
}

/** A plan change: the plan's row and an audit row with the operator's reason. */
const PLAN_CHANGE = { bytes: 2 * KIB, rows: 2 };

export const ADMIN_PLAN_BUDGET: RouteBudget = {
  body: 'contract',
  rate: apiRate(60),
  // One operator, not a school: the network's figure is the browser's.
  storage: { what: 'plan changes', perBrowser: { bytes: 500 * PLAN_CHANGE.bytes, rows: 1000 }, perNetwork: { bytes: 500 * PLAN_CHANGE.bytes, rows: 1000 } },
  use: 'the operator granting or revoking plans for support requests, a few hundred on the busiest day',
  cpu: loopCpu(20, 'a grant with the longest reason the contract allows'),
};

export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, { db, clock }) => {
  app.post('/api/admin/entitlements', {
    config: { budget: ADMIN_PLAN_BUDGET, secret: 'admin-token' },
    schema: { body: adminEntitlementRequestSchema, response: { 200: adminEntitlementResponseSchema } },
  }, async (request) => {
    const { uid, plan, reason } = request.body;
    const at = clock();
    await request.spendStorage(PLAN_CHANGE);
    await db.transaction().execute(async (trx) => {
      await savePlan(trx, { uid, plan, source: 'admin', at });
      await recordPlanChange(trx, { uid, plan, reason, at });
    });
    request.log.info({ plan }, 'admin changed a plan');
    return { uid, plan };
  });
};
