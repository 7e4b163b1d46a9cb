// The checkout feature's public face: the Upgrade button. ThankYouPage is lazy-loaded by the router and is not
// re-exported here; the feature's thunks (checkoutThunks.ts) come with the pages that start them. The purchase
// events live in src/client-core/purchaseEvents.ts, since the referrals' credits checkout raises them too.
export { UpgradeButton } from './UpgradeButton.tsx';
