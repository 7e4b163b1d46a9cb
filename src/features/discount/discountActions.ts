// The discount feature's events, with the fields their analytics events need (the analytics listener maps them).
import { createAction } from '@reduxjs/toolkit';

export type PopupTrigger = 'timer' | 'exit_intent' | 'button';

export const discountPopupShown = createAction<{ trigger_type: PopupTrigger; page_path: string }>('discount/popupShown');
export const discountCodeRequested = createAction<{ contact_method: 'email'; has_email: boolean }>('discount/codeRequested');
export const discountCodeUsed = createAction<{ discount_code: string; discount_amount: number; currency: 'USD' }>('discount/codeUsed');
