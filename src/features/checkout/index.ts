// The checkout feature's public face: its events, the Upgrade link and the /result checkout panel.
// ThankYouPage is lazy-loaded by the router and is not re-exported here.
export { creditsApplied, purchaseCompleted, purchaseStarted } from './checkoutActions.ts';
export type { PaymentMethod } from './checkoutActions.ts';
export { verifyPurchase, startDiscountedCheckout, startCreditsCheckout, fetchReferralInfo } from './checkoutThunks.ts';
export { CheckoutPanel } from './CheckoutPanel.tsx';
export { UpgradeLink } from './UpgradeLink.tsx';
