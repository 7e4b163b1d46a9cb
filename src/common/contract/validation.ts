// Input rules (e-mail, discount and referral code formats) that both the questionnaire and the server apply.
import { DISCOUNT_CODE_PATTERN, REFERRAL_CODE_PATTERN } from '../money/pricing.ts';

/**
 * "Must look like {email}, with no spaces": something, one @, then a domain with a dot inside it. Written so it
 * runs in linear time: the domain's dot is found by a lookahead at one position instead of by two quantifiers
 * that could trade characters (which made `a@` followed by many dots take quadratic time).
 */
export const EMAIL_PATTERN = /^[^\s@]+@(?=[^\s@]+\.[^\s@])[^\s@]+$/;

export const isValidEmail = (value: string): boolean => EMAIL_PATTERN.test(value);
export const isDiscountCode = (value: string): boolean => DISCOUNT_CODE_PATTERN.test(value);
export const isReferralCode = (value: string): boolean => REFERRAL_CODE_PATTERN.test(value);
