// Launch codes: issued per e-mail to the browser that asked, for 30 days, LAUNCH2024- and six uppercase letters
// or digits drawn at random. A code works only in the browser it was issued to: any other browser is told
// "Invalid discount code", in the same words whether the code exists elsewhere or not.
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  BASE_PRICE_CENTS, DISCOUNT_CODE_PREFIX, DISCOUNT_CODE_VALIDITY_DAYS, LAUNCH_DISCOUNT_CENTS,
  LAUNCH_DISCOUNT_PERCENT, LAUNCH_PRICE_CENTS,
} from '../../common/money/pricing.ts';
import { MESSAGES } from '../../common/contract/messages.ts';
import { isDiscountCode } from '../../common/contract/validation.ts';
import { type DiscountCodeRow, findCode, findUsableCodeFor, insertCode } from '../db/discountCodes.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const VALIDITY_MS = DISCOUNT_CODE_VALIDITY_DAYS * 24 * 60 * 60 * 1000;

export const CODE_USED_MESSAGE = 'This discount code has already been used.';
export const CODE_EXPIRED_MESSAGE = 'This discount code has expired.';

export const drawCode = (): string =>
  DISCOUNT_CODE_PREFIX + Array.from({ length: 6 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** This browser's unused, unexpired code for the e-mail, or a new one: never another browser's. */
export async function issueCode(db: Kysely<Database>, uid: string, email: string, now: Date): Promise<DiscountCodeRow> {
  const normalised = email.trim().toLowerCase();
  const existing = await findUsableCodeFor(db, { uid, email: normalised, now });
  if (existing) return existing;
  for (;;) {
    const row = { code: drawCode(), email: normalised, uid, created_at: now, expires_at: new Date(now.getTime() + VALIDITY_MS) };
    if (await insertCode(db, row)) return { ...row, used_at: null, used_by: null, reserved_by: null };
  }
}

/** The format checks on what the student typed, as a 400 in the product's own words. */
export function checkCodeFormat(code: string): void {
  if (code.trim() === '') throw new HttpError(400, 'discount_code_missing', MESSAGES.discountEmpty);
  if (!isDiscountCode(code)) throw new HttpError(400, 'discount_code_format', MESSAGES.discountFormat);
}

/** 'not_yours' covers unknown codes too: the answer must not tell a guesser which codes exist. */
export type CodeCheck = { ok: true; row: DiscountCodeRow } | { ok: false; reason: 'not_yours' | 'used' | 'expired'; error: string };

export async function checkCode(db: Kysely<Database>, uid: string | null, code: string, now: Date): Promise<CodeCheck> {
  checkCodeFormat(code);
  const row = await findCode(db, code);
  if (!row || uid === null || row.uid !== uid) return { ok: false, reason: 'not_yours', error: MESSAGES.discountInvalid };
  if (row.used_at !== null) return { ok: false, reason: 'used', error: CODE_USED_MESSAGE };
  if (row.expires_at <= now) return { ok: false, reason: 'expired', error: CODE_EXPIRED_MESSAGE };
  return { ok: true, row };
}

export const launchOffer = (code: string) => ({
  valid: true,
  code,
  discount_percent: LAUNCH_DISCOUNT_PERCENT,
  discount_amount: LAUNCH_DISCOUNT_CENTS,
  final_price: LAUNCH_PRICE_CENTS,
  base_price: BASE_PRICE_CENTS,
});
