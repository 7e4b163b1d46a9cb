// Launch codes: issued per e-mail, valid 30 days, used up by the paid checkout that carried them.
import type { Kysely } from 'kysely';
import type { DiscountCodesTable } from './paymentsSchema.ts';
import type { Database } from './schema.ts';

export type DiscountCodeRow = DiscountCodesTable;

export async function findUsableCodeForEmail(db: Kysely<Database>, email: string, now: Date): Promise<DiscountCodeRow | undefined> {
  return db.selectFrom('discount_codes').selectAll()
    .where('email', '=', email).where('used_at', 'is', null).where('expires_at', '>', now)
    .orderBy('expires_at', 'desc').executeTakeFirst();
}

/** false when the code already exists (a one-in-two-billion clash): the caller draws another. */
export async function insertCode(db: Kysely<Database>, row: Omit<DiscountCodeRow, 'used_at' | 'used_by'>): Promise<boolean> {
  const inserted = await db.insertInto('discount_codes').values({ ...row, used_at: null, used_by: null })
    .onConflict((conflict) => conflict.column('code').doNothing()).returning('code').executeTakeFirst();
  return inserted !== undefined;
}

export async function findCode(db: Kysely<Database>, code: string): Promise<DiscountCodeRow | undefined> {
  return db.selectFrom('discount_codes').selectAll().where('code', '=', code).executeTakeFirst();
}

export async function useCode(db: Kysely<Database>, code: string, use: { at: Date; checkoutId: string }): Promise<void> {
  await db.updateTable('discount_codes').set({ used_at: use.at, used_by: use.checkoutId })
    .where('code', '=', code).where('used_at', 'is', null).execute();
}
