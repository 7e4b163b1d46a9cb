// Referral accounts (a browser's own code and its credit balance) and referrals (who referred which browser).
// Every balance change is one conditional statement, and the table's check keeps credits_cents >= 0.
import { type Kysely, sql } from 'kysely';
import type { Database } from './schema.ts';

export interface ReferralAccount { uid: string; code: string; credits_cents: number; owed_cents: number }

export async function findAccount(db: Kysely<Database>, uid: string): Promise<ReferralAccount | undefined> {
  return db.selectFrom('referral_accounts').selectAll().where('uid', '=', uid).executeTakeFirst();
}

export async function findAccountByCode(db: Kysely<Database>, code: string): Promise<ReferralAccount | undefined> {
  return db.selectFrom('referral_accounts').selectAll().where('code', '=', code).executeTakeFirst();
}

/** Creates the account unless it exists; false when the code clashed with another browser's (draw again). */
export async function insertAccount(db: Kysely<Database>, uid: string, code: string): Promise<boolean> {
  try {
    await db.insertInto('referral_accounts').values({ uid, code })
      .onConflict((conflict) => conflict.column('uid').doNothing()).execute();
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === '23505') return false;
    throw error;
  }
}

/** Takes credits only if the balance covers them: answers whether it did. */
export async function takeCredits(db: Kysely<Database>, uid: string, cents: number): Promise<boolean> {
  const row = await db.updateTable('referral_accounts')
    .set((eb) => ({ credits_cents: eb('credits_cents', '-', cents) }))
    .where('uid', '=', uid).where('credits_cents', '>=', cents)
    .returning('uid').executeTakeFirst();
  return row !== undefined;
}

/** Adds credits; a reward owed from a reversed referral is repaid from them first. */
export async function addCredits(db: Kysely<Database>, uid: string, cents: number): Promise<void> {
  await db.updateTable('referral_accounts')
    .set({
      credits_cents: sql<number>`credits_cents + greatest(${cents}::int - owed_cents, 0)`,
      owed_cents: sql<number>`greatest(owed_cents - ${cents}::int, 0)`,
    })
    .where('uid', '=', uid).execute();
}

/** Takes a reward back: from the unspent balance as far as it goes, the rest recorded as owed. */
export async function takeBackCredits(db: Kysely<Database>, uid: string, cents: number): Promise<void> {
  await db.updateTable('referral_accounts')
    .set({
      credits_cents: sql<number>`greatest(credits_cents - ${cents}::int, 0)`,
      owed_cents: sql<number>`owed_cents + greatest(${cents}::int - credits_cents, 0)`,
    })
    .where('uid', '=', uid).execute();
}

/** Binds a browser to its referrer once; false when it was already referred. */
export async function insertReferral(
  db: Kysely<Database>, referral: { refereeUid: string; referrerUid: string; email: string; at: Date },
): Promise<boolean> {
  const row = await db.insertInto('referrals')
    .values({ referee_uid: referral.refereeUid, referrer_uid: referral.referrerUid, referee_email: referral.email, created_at: referral.at })
    .onConflict((conflict) => conflict.column('referee_uid').doNothing()).returning('referee_uid').executeTakeFirst();
  return row !== undefined;
}

/** Converts the browser's referral once: answers the referrer to credit, or undefined (none, or done already). */
export async function convertReferral(
  db: Kysely<Database>, refereeUid: string, conversion: { at: Date; checkoutId: string; rewardCents: number },
): Promise<string | undefined> {
  const row = await db.updateTable('referrals')
    .set({ converted_at: conversion.at, checkout_id: conversion.checkoutId, reward_cents: conversion.rewardCents })
    .where('referee_uid', '=', refereeUid).where('converted_at', 'is', null)
    // A referrer who erased their data ("Delete my data") left no uid to credit.
    .where('referrer_uid', '<>', '')
    .returning('referrer_uid').executeTakeFirst();
  return row?.referrer_uid;
}

/** Marks the referral a refunded purchase converted as reversed, once: answers whom to take how much from. */
export async function reverseReferral(
  db: Kysely<Database>, checkoutId: string, at: Date,
): Promise<{ referrer_uid: string; reward_cents: number | null } | undefined> {
  return db.updateTable('referrals').set({ reversed_at: at })
    .where('checkout_id', '=', checkoutId).where('converted_at', 'is not', null).where('reversed_at', 'is', null)
    .returning(['referrer_uid', 'reward_cents']).executeTakeFirst();
}
