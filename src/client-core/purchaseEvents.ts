// The purchase events several features raise (the checkout's discounted path and Upgrade button, the referral
// credits) and the analytics feature maps to purchase_started and purchase. Money in the payloads is in
// dollars, as the events report it.
import { createAction } from '@reduxjs/toolkit';

export type PaymentMethod = 'card' | 'discount_code' | 'credits';

/** A checkout is about to open; `value` is what the server will charge for it. */
export const purchaseStarted = createAction<{ payment_method: PaymentMethod; value: number; currency: 'USD' }>('checkout/purchaseStarted');

export const purchaseCompleted = createAction<{
  transaction_id: string;
  value: number;
  currency: string;
  discount_applied: boolean;
}>('checkout/purchaseCompleted');
