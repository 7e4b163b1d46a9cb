// The referrals feature's public face. ReferralsPage is lazy-loaded by the router; the referral
// programme itself (codes, credits) comes with the payments issue.
export { ReferralsButton } from './ReferralsButton.tsx';
