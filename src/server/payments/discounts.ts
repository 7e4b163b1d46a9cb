// Launch codes (SPEC §5, ARCHITECTURE §5): issued per e-mail for 30 days, LAUNCH2024- and six uppercase
// letters or digits drawn at random (36^6 ≈ 2 billion, so guessing is bounded by the routes' rate limit).
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  BASE_PRICE_CENTS, DISCOUNT_CODE_PREFIX, DISCOUNT_CODE_VALIDITY_DAYS, LAUNCH_DISCOUNT_CENTS, LAUNCH_DISCOUNT_PERCENT,
  LAUNCH_PRICE_CENTS,
} from '../../shared/constants.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { isDiscountCode } from '../../shared/validation.ts';
import { type DiscountCodeRow, findCode, findUsableCodeForEmail, insertCode } from '../db/discountCodes.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../errors.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const VALIDITY_MS = DISCOUNT_CODE_VALIDITY_DAYS * 24 * 60 * 60 * 1000;

export const drawCode = (): string =>
  DISCOUNT_CODE_PREFIX + Array.from({ length: 6 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** The e-mail's unused, unexpired code, or a new one. */
export async function issueCode(db: Kysely<Database>, email: string, now: Date): Promise<DiscountCodeRow> {
  const normalised = email.trim().toLowerCase();
  const existing = await findUsableCodeForEmail(db, normalised, now);
  if (existing) return existing;
  for (;;) {
    const row = { code: drawCode(), email: normalised, created_at: now, expires_at: new Date(now.getTime() + VALIDITY_MS) };
    if (await insertCode(db, row)) return { ...row, used_at: null, used_by: null };
  }
}

/** SPEC §5's checks on what the student typed, as a 400 with the spec's words. */
export function checkCodeFormat(code: string): void {
  if (code.trim() === '') throw new HttpError(400, 'discount_code_missing', MESSAGES.discountEmpty);
  if (!isDiscountCode(code)) throw new HttpError(400, 'discount_code_format', MESSAGES.discountFormat);
}

export type CodeCheck = { ok: true; row: DiscountCodeRow } | { ok: false; error: string };

export async function checkCode(db: Kysely<Database>, code: string, now: Date): Promise<CodeCheck> {
  checkCodeFormat(code);
  const row = await findCode(db, code);
  if (!row) return { ok: false, error: MESSAGES.discountInvalid };
  if (row.used_at !== null) return { ok: false, error: 'This discount code has already been used.' };
  if (row.expires_at <= now) return { ok: false, error: 'This discount code has expired.' };
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
