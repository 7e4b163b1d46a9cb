// Rules of SPEC §5 that both the questionnaire and the server apply.
import { DISCOUNT_CODE_PATTERN, REFERRAL_CODE_PATTERN } from './constants.ts';

/** "Must look like {email}, with no spaces." */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isValidEmail = (value: string): boolean => EMAIL_PATTERN.test(value);
export const isDiscountCode = (value: string): boolean => DISCOUNT_CODE_PATTERN.test(value);
export const isReferralCode = (value: string): boolean => REFERRAL_CODE_PATTERN.test(value);
