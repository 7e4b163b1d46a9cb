// The plan of each anonymous uid. No row means free.
import type { Kysely } from 'kysely';
import type { Plan } from '../../shared/contract.ts';
import type { Database } from './schema.ts';

export async function findPlan(db: Kysely<Database>, uid: string): Promise<Plan | undefined> {
  const row = await db.selectFrom('entitlements').select('plan').where('uid', '=', uid).executeTakeFirst();
  return row?.plan;
}

export async function savePlan(
  db: Kysely<Database>,
  change: { uid: string; plan: Plan; source: string; at: Date },
): Promise<void> {
  await db
    .insertInto('entitlements')
    .values({ uid: change.uid, plan: change.plan, source: change.source, updated_at: change.at })
    .onConflict((conflict) =>
      conflict.column('uid').doUpdateSet({ plan: change.plan, source: change.source, updated_at: change.at }))
    .execute();
}
