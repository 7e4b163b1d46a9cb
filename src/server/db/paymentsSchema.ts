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
}

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
}

export interface DiscountCodesTable {
  code: string;
  email: string;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
  used_by: string | null;
}

export interface ReferralAccountsTable {
  uid: string;
  code: string;
  credits_cents: Generated<number>;
}

export interface ReferralsTable {
  referee_uid: string;
  referrer_uid: string;
  referee_email: string;
  created_at: Date;
  converted_at: Date | null;
  checkout_id: string | null;
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
