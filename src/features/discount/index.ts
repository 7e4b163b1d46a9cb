// The discount feature's public face: its events, the /result promo button, and the stored code.
export { discountCodeRequested, discountCodeUsed, discountPopupShown } from './discountActions.ts';
export type { PopupTrigger } from './discountActions.ts';
export { PromoButton } from './PromoButton.tsx';
export { storedCode, saveCode } from './storedCode.ts';
export { default as PromoPopup } from './PromoPopup.tsx';
