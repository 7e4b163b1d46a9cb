// Kysely's view of the payments tables (migration 003_payments).
import type { Generated } from 'kysely';

export type CheckoutProvider = 'local' | 'stripe' | 'credits';
export type CheckoutStatus = 'pending' | 'open' | 'paid' | 'expired' | 'canceled' | 'refunded';

export interface CheckoutSessionsTable {
  /** Ours; the provider's id is provider_session_id (what /thank-you?session_id= carries). */
  id: string;
  provider: CheckoutProvider;
  provider_session_id: string | null;
  /** The browser that started the checkout: the one the plan is for. */
  uid: string;
  amount_cents: number;
  discount_code: string | null;
  credits_cents: Generated<number>;
  status: CheckoutStatus;
  url: string | null;
  payment_intent: string | null;
  /** The browser that pressed Pay on the local checkout, when it is another one. */
  completed_by: string | null;
  created_at: Date;
  expires_at: Date;
  paid_at: Date | null;
  /** Why an unpaid checkout closed: 'expired', 'canceled' (the student's Cancel) or 'replaced' (a newer one). */
  closed_reason: Generated<string | null>;
  /** Why a payment was refunded by us ('already_paid', 'code_used', 'credits_used'), or 'provider' for a refund or dispute. */
  refund_reason: Generated<RefundReason | null>;
  refunded_at: Generated<Date | null>;
  /** The provider's refund id once our own refund went through (null while it is still due). */
  refund_id: Generated<string | null>;
}

export type RefundReason = 'already_paid' | 'code_used' | 'credits_used' | 'provider';

export interface LocalCheckoutSessionsTable {
  id: string;
  amount_cents: number;
  currency: string;
  description: string;
  client_reference_id: string;
  success_url: string;
  cancel_url: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  payment_intent: string | null;
  idempotency_key: string | null;
  expires_at: Date;
  /** What lowered the price, shown under the amount ("Launch code … applied: $49 less $20"). */
  price_note: Generated<string | null>;
}

export interface DiscountCodesTable {
  code: string;
  email: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  used_by: string | null;
  /** The browser that asked for the code: the only one it works for (null for codes issued before that rule). */
  uid: Generated<string | null>;
  /** The checkout holding the code while it is open. */
  reserved_by: Generated<string | null>;
}

export interface ReferralAccountsTable {
  uid: string;
  code: string;
  credits_cents: Generated<number>;
  /** Reward taken back after it was spent: repaid from the next credits the account receives. */
  owed_cents: Generated<number>;
  created_at: Generated<Date>;
}

export interface ReferralsTable {
  referee_uid: string;
  referrer_uid: string;
  referee_email: string;
  created_at: Date;
  converted_at: Date | null;
  checkout_id: string | null;
  reward_cents: Generated<number | null>;
  /** Set when the converting purchase was refunded or disputed. */
  reversed_at: Generated<Date | null>;
}

export interface StripeEventsTable {
  id: string;
  type: string;
  payment_intent: string | null;
  received_at: Date;
}

export interface PaymentsTables {
  checkout_sessions: CheckoutSessionsTable;
  local_checkout_sessions: LocalCheckoutSessionsTable;
  discount_codes: DiscountCodesTable;
  referral_accounts: ReferralAccountsTable;
  referrals: ReferralsTable;
  stripe_events: StripeEventsTable;
}
