// The plan of each anonymous uid. No row means free.
import { type Kysely, sql } from 'kysely';
import type { Plan } from '../../common/contract/contract.ts';
import type { Database } from './schema.ts';

export async function findPlan(db: Kysely<Database>, uid: string): Promise<Plan | undefined> {
  const row = await db.selectFrom('entitlements').select('plan').where('uid', '=', uid).executeTakeFirst();
  return row?.plan;
}

/** The plans of several uids in one query (one statement text whatever their number: `= any($1)`). */
export async function findPlans(db: Kysely<Database>, uids: readonly string[]): Promise<Map<string, Plan>> {
  const rows = await db
    .selectFrom('entitlements')
    .select(['uid', 'plan'])
    .where(sql<boolean>`uid = any(${uids}::text[])`)
    .execute();
  return new Map(rows.map((row) => [row.uid, row.plan]));
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
