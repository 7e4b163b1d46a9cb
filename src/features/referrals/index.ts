// The referrals feature's public face: its slice and thunks, the header's button, the checkout's credits
// form. ReferralsPage is lazy-loaded by the router. The `ref` link parameter is captured on page load
// (src/main.tsx imports referralCode.ts directly, to keep '/' small), read into the slice when the store is
// built, and tracked by the listener registered in the store.
export {
  referralsSlice, trackReferral, fetchReferralInfo, applyReferralCredits, creditsApplied, creditsSelected,
  selectReferralCode, selectCreditsAvailable,
} from './referralsSlice.ts';
export { ReferralsButton } from './ReferralsButton.tsx';
export { REFERRAL_CODE_KEY, captureReferralCode, storedReferralCode } from './referralCode.ts';
export { addReferralListeners, REFERRAL_TRACK_DEBOUNCE_MS } from './referralListeners.ts';
