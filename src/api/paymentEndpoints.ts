// The money calls (discounts, checkout, verification, referral credits), spread into the endpoints table.
import { defineEndpoint } from './endpoint.ts';

export const paymentEndpoints = {
  verifySession: defineEndpoint({ method: 'GET', path: '/api/verify-session', response: 'verifySessionResponseSchema', timeoutMs: 20_000 }),
  requestDiscountCode: defineEndpoint({
    method: 'POST', path: '/api/discount-codes', request: 'discountCodeRequestSchema', response: 'discountCodeResponseSchema', timeoutMs: 10_000,
  }),
  validateDiscount: defineEndpoint({
    method: 'POST', path: '/api/validate-discount', request: 'validateDiscountRequestSchema', response: 'discountOfferSchema', timeoutMs: 10_000,
  }),
  createDiscountedCheckout: defineEndpoint({
    method: 'POST', path: '/api/create-discounted-checkout', request: 'discountedCheckoutRequestSchema', response: 'checkoutResponseSchema', timeoutMs: 20_000,
  }),
  referralInfo: defineEndpoint({ method: 'GET', path: '/api/referrals/info', response: 'referralInfoResponseSchema', timeoutMs: 10_000 }),
  applyCredits: defineEndpoint({
    method: 'POST', path: '/api/referrals/apply-credits', request: 'applyCreditsRequestSchema', response: 'applyCreditsResponseSchema', timeoutMs: 20_000,
  }),
  trackReferral: defineEndpoint({
    method: 'POST', path: '/api/referrals/track', request: 'referralTrackRequestSchema', response: 'referralTrackResponseSchema', timeoutMs: 10_000,
  }),
};

/** Where the Upgrade buttons post their form: a navigation (new tab), not a fetch, so the server can redirect to the checkout. */
export const UPGRADE_PATH = '/api/checkout/upgrade';
