// A browser's referral account: its own REFER- code (drawn once, at random) and its credit balance in cents.
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { REFERRAL_CODE_PREFIX } from '../../common/money/pricing.ts';
import { findAccount, insertAccount, type ReferralAccount } from '../db/referrals.ts';
import type { Database } from '../db/schema.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

const drawReferralCode = (): string =>
  REFERRAL_CODE_PREFIX + Array.from({ length: 6 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

export async function ensureAccount(db: Kysely<Database>, uid: string): Promise<ReferralAccount> {
  for (;;) {
    const existing = await findAccount(db, uid);
    if (existing) return existing;
    // A clash with another browser's code (or a concurrent first call) simply tries again.
    await insertAccount(db, uid, drawReferralCode());
  }
}
