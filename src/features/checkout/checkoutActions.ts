// The checkout feature's events, carrying the fields their analytics events need; the analytics listener maps
// them (purchase_started, purchase). Money in the payloads is in dollars, as the events report it.
import { createAction } from '@reduxjs/toolkit';

export type PaymentMethod = 'card' | 'discount_code' | 'credits';

export const purchaseStarted = createAction<{ payment_method: PaymentMethod; value: number; currency: 'USD' }>('checkout/purchaseStarted');

export const purchaseCompleted = createAction<{
  transaction_id: string;
  value: number;
  currency: string;
  discount_applied: boolean;
}>('checkout/purchaseCompleted');

export const creditsApplied = createAction<{ credits_used: number; final_price: number; currency: 'USD' }>('checkout/creditsApplied');
