// The discount feature's public face: its slice and thunks, its events, the /result promo button, the
// checkout panel's code form. The landing page's popup has its own entry (landing.ts).
export { discountCodeRequested, discountCodeUsed, discountPopupShown } from './discountActions.ts';
export type { PopupTrigger } from './discountActions.ts';
export {
  discountSlice, requestDiscountCode, validateDiscountCode, reuseSavedCode, codeTyped,
  selectAppliedCode, selectUpgradePriceCents, selectCodeRequest,
} from './discountSlice.ts';
