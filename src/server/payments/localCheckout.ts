// The local test checkout: a stand-in for Stripe Checkout that lives in our own database, so a purchase works
// on a fresh machine with no account anywhere. Its sessions behave as Stripe's do (open → complete, or
// expired), and paying redirects to the success URL with the session id, exactly as Stripe would.
import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import { CURRENCY } from '../../common/money/pricing.ts';
import type { Database } from '../db/schema.ts';
import type { LocalCheckoutSessionsTable } from '../db/paymentsSchema.ts';
import { CHECKOUT_SESSION_PLACEHOLDER, type PaymentsPort, PaymentsError, type ProviderSession } from './port.ts';

export interface LocalCheckout extends PaymentsPort {
  readonly kind: 'local';
  /** Marks an open session paid; answers the session and where to send the browser, or null if not payable. */
  pay(id: string): Promise<{ session: ProviderSession; redirectTo: string } | null>;
  /** The session as the checkout page shows it. */
  find(id: string): Promise<(ProviderSession & { description: string; priceNote: string | null; cancelUrl: string }) | null>;
}

type Row = Selectable<LocalCheckoutSessionsTable>;

const toSession = (row: Row, now: Date): ProviderSession => ({
  id: row.id,
  url: null,
  // Stripe reports an unpaid session past its expiry as expired; so does this.
  status: row.status === 'open' && row.expires_at <= now ? 'expired' : row.status,
  paid: row.payment_status === 'paid',
  amountCents: row.amount_cents,
  uid: row.client_reference_id,
  paymentIntent: row.payment_intent,
});

export function createLocalCheckout(options: { db: Kysely<Database>; publicUrl: string; clock: () => Date }): LocalCheckout {
  const { db, publicUrl, clock } = options;
  // The page is served on the origin the checkout returns to, so the student stays on the address they use.
  const pageUrl = (row: Row) => `${URL.canParse(row.success_url) ? new URL(row.success_url).origin : publicUrl}/checkout/local/${row.id}`;
  const withUrl = (row: Row): ProviderSession => {
    const session = toSession(row, clock());
    return { ...session, url: session.status === 'open' ? pageUrl(row) : null };
  };
  const load = (id: string) => db.selectFrom('local_checkout_sessions').selectAll().where('id', '=', id).executeTakeFirst();

  return {
    kind: 'local',
    async createSession(input) {
      const existing = await db.selectFrom('local_checkout_sessions').selectAll()
        .where('idempotency_key', '=', input.idempotencyKey).executeTakeFirst();
      if (existing) return withUrl(existing);
      const row: Row = {
        id: `cs_local_${randomBytes(18).toString('base64url')}`,
        amount_cents: input.amountCents,
        currency: CURRENCY,
        description: input.description,
        client_reference_id: input.uid,
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        status: 'open',
        payment_status: 'unpaid',
        payment_intent: null,
        idempotency_key: input.idempotencyKey,
        expires_at: input.expiresAt,
        price_note: input.priceNote ?? null,
      };
      await db.insertInto('local_checkout_sessions').values(row).execute();
      return withUrl(row);
    },
    async retrieveSession(id) {
      const row = await load(id);
      if (!row) throw new PaymentsError('not_found', 'No such checkout session.');
      return withUrl(row);
    },
    async expireSession(id) {
      await db.updateTable('local_checkout_sessions').set({ status: 'expired' })
        .where('id', '=', id).where('status', '=', 'open').execute();
    },
    async refundPayment(input) {
      // No money moved on the test checkout: the refund is only recorded, under an id derived from the key.
      return { id: `re_local_${input.idempotencyKey}` };
    },
    async pay(id) {
      // The conditional update is the lock: of two presses of Pay, one pays and the other finds nothing open.
      const row = await db.updateTable('local_checkout_sessions')
        .set({ status: 'complete', payment_status: 'paid', payment_intent: `pi_local_${randomBytes(12).toString('base64url')}` })
        .where('id', '=', id).where('status', '=', 'open').where('expires_at', '>', clock())
        .returningAll().executeTakeFirst();
      if (!row) return null;
      return { session: withUrl(row), redirectTo: row.success_url.replace(CHECKOUT_SESSION_PLACEHOLDER, row.id) };
    },
    async find(id) {
      const row = await load(id);
      return row ? { ...withUrl(row), description: row.description, priceNote: row.price_note, cancelUrl: row.cancel_url } : null;
    },
  };
}
