// Credits applied to a checkout (the conversion of a referral is recorded by the server).
import { on, USD } from '../../client-core/analyticsRules.ts';
import { creditsApplied } from './referralsSlice.ts';

export default [
  on(creditsApplied, ({ payload }) => (
    { name: 'credits_applied', params: { credits_used: payload.credits_used, final_price: payload.final_price, currency: USD } })),
];
