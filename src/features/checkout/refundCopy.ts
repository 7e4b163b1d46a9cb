// What /thank-you says when the server refunded the payment itself instead of keeping it.
import type { VerifyRefund } from './checkoutThunks.ts';

export const REFUND_COPY: Record<VerifyRefund, { title: string; body: string }> = {
  already_paid: {
    title: 'You already have the full plan; this payment was refunded',
    body: 'This browser had already paid, so the second payment goes back to your card. Your access is unchanged.',
  },
  code_used: {
    title: 'This payment was refunded',
    body: 'Its discount code had already been used by another purchase, so the payment goes back to your card. You can start a new checkout from your essay page.',
  },
  credits_used: {
    title: 'This payment was refunded',
    body: 'This checkout had been closed, and the credits it used went to another checkout meanwhile, so the payment goes back to your card. You can start a new checkout from your essay page.',
  },
};
