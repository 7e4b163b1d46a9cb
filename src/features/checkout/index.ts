// The checkout feature's public face: its thunks, the Upgrade button and the /result checkout panel.
// ThankYouPage is lazy-loaded by the router and is not re-exported here. The purchase events live in
// src/client-core/purchaseEvents.ts, since the referrals' credits checkout raises them too.
export { verifyPurchase, startDiscountedCheckout } from './checkoutThunks.ts';
export { UpgradeButton } from './UpgradeButton.tsx';
