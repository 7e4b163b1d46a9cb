// The operator's trail: every plan an admin call grants or revokes, and why.
import type { Kysely } from 'kysely';
import type { Plan } from '../../../common/contract/contract.ts';
import type { Database } from '../../db/schema.ts';

export async function recordPlanChange(
  db: Kysely<Database>,
  entry: { uid: string; plan: Plan; reason: string | undefined; at: Date },
): Promise<void> {
  await db
    .insertInto('admin_audit')
    .values({ uid: entry.uid, plan: entry.plan, reason: entry.reason ?? null, at: entry.at })
    .execute();
}
