// Launch codes: issued per e-mail to the browser that asked (and usable only there), valid 30 days, held by at
// most one open checkout at a time, and used up by the paid checkout that carried them. Reserving and using a
// code are single conditional updates, so concurrent checkouts cannot both take one code.
import { type ExpressionBuilder, type Kysely, type Selectable, sql } from 'kysely';
import type { DiscountCodesTable } from './paymentsSchema.ts';
import type { Database } from './schema.ts';

export type DiscountCodeRow = Selectable<DiscountCodesTable>;

/** This browser's unused, unexpired code for this e-mail (the 30-day reuse). */
export async function findUsableCodeFor(
  db: Kysely<Database>, query: { uid: string; email: string; now: Date },
): Promise<DiscountCodeRow | undefined> {
  return db.selectFrom('discount_codes').selectAll()
    .where('uid', '=', query.uid).where('email', '=', query.email)
    .where('used_at', 'is', null).where('expires_at', '>', query.now)
    .orderBy('expires_at', 'desc').executeTakeFirst();
}

/** This browser's newest unused, unexpired code, whatever its e-mail: the one Upgrade applies. */
export async function findOwnUsableCode(db: Kysely<Database>, uid: string, now: Date): Promise<DiscountCodeRow | undefined> {
  return db.selectFrom('discount_codes').selectAll()
    .where('uid', '=', uid).where('used_at', 'is', null).where('expires_at', '>', now)
    .orderBy('created_at', 'desc').executeTakeFirst();
}

/** false when the code already exists (a one-in-two-billion clash): the caller draws another. */
export async function insertCode(
  db: Kysely<Database>, row: Pick<DiscountCodeRow, 'code' | 'email' | 'uid' | 'created_at' | 'expires_at'>,
): Promise<boolean> {
  const inserted = await db.insertInto('discount_codes').values({ ...row, used_at: null, used_by: null })
    .onConflict((conflict) => conflict.column('code').doNothing()).returning('code').executeTakeFirst();
  return inserted !== undefined;
}

export async function findCode(db: Kysely<Database>, code: string): Promise<DiscountCodeRow | undefined> {
  return db.selectFrom('discount_codes').selectAll().where('code', '=', code).executeTakeFirst();
}

/** The code is held by no checkout but this one that is still open and unexpired at `now`. */
const freeFor = (eb: ExpressionBuilder<Database, 'discount_codes'>, checkoutId: string, now: Date) => eb.or([
  eb('reserved_by', 'is', null),
  eb('reserved_by', '=', checkoutId),
  eb.not(eb.exists(eb.selectFrom('checkout_sessions').select(sql<number>`1`.as('one'))
    .whereRef('checkout_sessions.id', '=', 'discount_codes.reserved_by')
    .where('checkout_sessions.status', 'in', ['pending', 'open'])
    .where('checkout_sessions.expires_at', '>', now))),
]);

/**
 * Holds the code for a checkout: only the owning browser's unused, unexpired code, and only while no other
 * checkout that is still open (and not past its expiry) holds it. Answers whether this checkout now holds it.
 */
export async function reserveCode(
  db: Kysely<Database>, reservation: { code: string; uid: string; checkoutId: string; now: Date },
): Promise<boolean> {
  const row = await db.updateTable('discount_codes').set({ reserved_by: reservation.checkoutId })
    .where('code', '=', reservation.code).where('uid', '=', reservation.uid)
    .where('used_at', 'is', null).where('expires_at', '>', reservation.now)
    .where((eb) => freeFor(eb, reservation.checkoutId, reservation.now))
    .returning('code').executeTakeFirst();
  return row !== undefined;
}

/** Lets go of the codes these (closed) checkouts held. */
export async function releaseCodes(db: Kysely<Database>, checkoutIds: readonly string[]): Promise<void> {
  if (checkoutIds.length === 0) return;
  await db.updateTable('discount_codes').set({ reserved_by: null })
    .where('reserved_by', 'in', [...checkoutIds]).where('used_at', 'is', null).execute();
}

/**
 * Uses the code up for this paid checkout: false when it is not to be had. A checkout still holding the code
 * needs only that no other purchase used it; a closed one let its hold go, so it takes the code again only if
 * it is free now (unused, unexpired, and held by no other checkout that is still open and unexpired).
 * One conditional update either way, so two purchases never both use a code. Idempotent.
 */
export async function spendCode(db: Kysely<Database>, code: string, use: { at: Date; checkoutId: string; held: boolean }): Promise<boolean> {
  let update = db.updateTable('discount_codes').set({ used_at: use.at, used_by: use.checkoutId, reserved_by: null })
    .where('code', '=', code).where('used_at', 'is', null);
  if (!use.held) {
    update = update.where('expires_at', '>', use.at).where((eb) => freeFor(eb, use.checkoutId, use.at));
  }
  const row = await update.returning('code').executeTakeFirst();
  if (row) return true;
  const existing = await findCode(db, code);
  return existing?.used_by === use.checkoutId;
}
