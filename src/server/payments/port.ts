// The payments port: what the checkout service needs from a card-checkout provider.
// Two adapters meet it, tested by one contract suite: the local test checkout (default) and Stripe Checkout.
export interface CreateSessionInput {
  /** Our checkout id, kept in the provider's metadata. */
  checkoutId: string;
  /** The browser's uid (Stripe's client_reference_id). */
  uid: string;
  amountCents: number;
  description: string;
  /** What lowered the price (a launch code, credits), shown on the payment page under the amount. */
  priceNote?: string;
  /** Contains {CHECKOUT_SESSION_ID}, which the provider replaces with the session's id. */
  successUrl: string;
  cancelUrl: string;
  expiresAt: Date;
  /** Sending the same create twice (a retry) must not open two sessions. */
  idempotencyKey: string;
}

export interface ProviderSession {
  id: string;
  url: string | null;
  status: 'open' | 'complete' | 'expired';
  paid: boolean;
  amountCents: number;
  uid: string;
  paymentIntent: string | null;
}

export interface PaymentsPort {
  readonly kind: 'local' | 'stripe';
  createSession(input: CreateSessionInput): Promise<ProviderSession>;
  /** Throws PaymentsError 'not_found' for an id the provider does not know. */
  retrieveSession(id: string): Promise<ProviderSession>;
  /** Closes an open session so it can no longer be paid (no-op when it is already closed). */
  expireSession(id: string): Promise<void>;
  /**
   * Refunds a payment in full. The idempotency key makes a repeated call (a replayed webhook, a retry after a
   * timeout) refund once; answers the provider's refund id.
   */
  refundPayment(input: { paymentIntent: string; idempotencyKey: string }): Promise<{ id: string }>;
}

export type PaymentsErrorKind = 'not_found' | 'unavailable';

/** A provider failure in words the routes can map: an unknown session (404) or the provider unreachable (502). */
export class PaymentsError extends Error {
  override readonly name = 'PaymentsError';

  constructor(readonly kind: PaymentsErrorKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

export const CHECKOUT_SESSION_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';
