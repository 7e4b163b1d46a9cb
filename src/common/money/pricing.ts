// Prices, credits and codes, shared by the browser and the server: the landing page is pre-rendered from these,
// and the server computes every amount it charges from them. Kept free of zod and other heavy imports: the
// landing page loads this module.

// ---- Money (cents) ----
export const BASE_PRICE_CENTS = 4900;
export const LAUNCH_DISCOUNT_CENTS = 2000;
export const LAUNCH_PRICE_CENTS = BASE_PRICE_CENTS - LAUNCH_DISCOUNT_CENTS;
/** Shown as "41% off": 2000 / 4900 rounded. */
export const LAUNCH_DISCOUNT_PERCENT = Math.round((LAUNCH_DISCOUNT_CENTS / BASE_PRICE_CENTS) * 100);
export const CURRENCY = 'USD';
export const CREDIT_STEP_CENTS = 100;
export const CREDIT_CAP_CENTS = BASE_PRICE_CENTS;
export const DEFAULT_REFERRAL_REWARD_CENTS = 500;
/** Stripe refuses charges under 50 cents; such a final price is granted without a card. */
export const STRIPE_MIN_CHARGE_CENTS = 50;
export const CHECKOUT_SESSION_TTL_MINUTES = 30;

export const dollars = (cents: number): number => cents / 100;
export const formatDollars = (cents: number): string =>
  `$${(cents / 100).toFixed(cents % 100 === 0 ? 0 : 2)}`;

// ---- Codes ----
export const DISCOUNT_CODE_PREFIX = 'LAUNCH2024-';
export const DISCOUNT_CODE_PATTERN = /^LAUNCH2024-[A-Z0-9]{6}$/;
export const REFERRAL_CODE_PREFIX = 'REFER-';
export const REFERRAL_CODE_PATTERN = /^REFER-[A-Z0-9]{6}$/;
export const DISCOUNT_CODE_VALIDITY_DAYS = 30;
