// A checkout opening (by card, code or credits) and completed. Sent once per transaction by the thank-you page;
// the server records webhook-only purchases itself.
import { on, USD } from '../../client-core/analyticsRules.ts';
import { purchaseCompleted, purchaseStarted } from '../../client-core/purchaseEvents.ts';

export default [
  on(purchaseStarted, ({ payload }) => (
    { name: 'purchase_started', params: { payment_method: payload.payment_method, value: payload.value, currency: USD } })),
  on(purchaseCompleted, ({ payload }) => ({
    name: 'purchase',
    params: { transaction_id: payload.transaction_id, value: payload.value, currency: USD, discount_applied: payload.discount_applied },
  })),
];
