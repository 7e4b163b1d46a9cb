// The checkout calls as thunks: verifying a purchase (/thank-you) and the discounted checkout (the credits
// checkout is the referrals feature's). Each dispatches the event analytics needs; the page then navigates
// to checkout_url.
import { apiRequest, endpoints, toApiErrorValue } from '../../api/index.ts';
import { createAppAsyncThunk } from '../../app/hooks.ts';
import { CURRENCY, dollars, LAUNCH_PRICE_CENTS } from '../../common/money/pricing.ts';
import { purchaseCompleted, purchaseStarted } from '../../client-core/purchaseEvents.ts';
import { planMayHaveChanged } from '../../client-core/session.ts';

const PURCHASE_SENT_PREFIX = 'purchase_sent_';

/** Why the server refunded a payment itself (the browser already had the plan, or its code or credits were gone). */
export type VerifyRefund = 'already_paid' | 'code_used' | 'credits_used';

/**
 * GET /api/verify-session. The purchase event goes out once per transaction, even across reloads, and never
 * for a payment the server refunded; the plan is read again.
 */
export const verifyPurchase = createAppAsyncThunk('checkout/verifyPurchase', async (sessionId: string, { dispatch, signal, rejectWithValue }) => {
  try {
    const purchase = await apiRequest(endpoints.verifySession, { query: { session_id: sessionId }, signal });
    const key = PURCHASE_SENT_PREFIX + purchase.transaction_id;
    if (purchase.refunded === undefined && globalThis.localStorage?.getItem(key) === null) {
      globalThis.localStorage.setItem(key, '1');
      dispatch(purchaseCompleted({
        transaction_id: purchase.transaction_id, value: purchase.value, currency: purchase.currency, discount_applied: purchase.discount_applied,
      }));
    }
    dispatch(planMayHaveChanged());
    return purchase;
  } catch (error) {
    return rejectWithValue(toApiErrorValue(error));
  }
});

export const startDiscountedCheckout = createAppAsyncThunk(
  'checkout/startDiscounted',
  async (input: { code: string; email: string }, { dispatch, rejectWithValue }) => {
    try {
      const answer = await apiRequest(endpoints.createDiscountedCheckout, { body: { code: input.code, user_email: input.email } });
      if (!answer.checkout_url) return rejectWithValue({ status: 200, code: 'no_checkout', message: answer.error ?? '' });
      dispatch(purchaseStarted({ payment_method: 'discount_code', value: dollars(LAUNCH_PRICE_CENTS), currency: CURRENCY }));
      return answer.checkout_url;
    } catch (error) {
      return rejectWithValue(toApiErrorValue(error));
    }
  },
);
