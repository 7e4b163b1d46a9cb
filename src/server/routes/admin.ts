// The operator's support calls, all behind the admin token: POST /api/admin/entitlements grants or revokes a
// plan for a uid and records who-did-what in admin_audit.
import type { onRequestAsyncHookHandler } from 'fastify';
import type { Kysely } from 'kysely';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminEntitlementRequestSchema, adminEntitlementResponseSchema } from '../../common/contract.ts';
import { recordPlanChange } from '../db/adminAudit.ts';
import { savePlan } from '../db/entitlements.ts';
import type { Database } from '../db/schema.ts';

export interface AdminRoutesOptions {
  db: Kysely<Database>;
  adminAuth: onRequestAsyncHookHandler;
  clock: () => Date;
}

export const adminRoutes: FastifyPluginAsyncZod<AdminRoutesOptions> = async (app, { db, adminAuth, clock }) => {
  app.addHook('onRequest', adminAuth);

  app.post('/api/admin/entitlements', {
    schema: { body: adminEntitlementRequestSchema, response: { 200: adminEntitlementResponseSchema } },
  }, async (request) => {
    const { uid, plan, reason } = request.body;
    const at = clock();
    await db.transaction().execute(async (trx) => {
      await savePlan(trx, { uid, plan, source: 'admin', at });
      await recordPlanChange(trx, { uid, plan, reason, at });
    });
    request.log.info({ plan }, 'admin changed a plan');
    return { uid, plan };
  });
};
