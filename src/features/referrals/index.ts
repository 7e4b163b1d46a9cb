// The referrals feature's public face. ReferralsPage is lazy-loaded by the router. The `ref` link
// parameter is captured on page load (src/main.tsx imports referralCode.ts directly, to keep '/' small)
// and tracked by the listener registered in the store.
export { ReferralsButton } from './ReferralsButton.tsx';
export { REFERRAL_CODE_KEY, captureReferralCode, storedReferralCode } from './referralCode.ts';
export { addReferralListeners, REFERRAL_TRACK_DEBOUNCE_MS } from './referralListeners.ts';
export { trackReferral } from './trackReferral.ts';
export type { TrackReferralArgs } from './trackReferral.ts';
