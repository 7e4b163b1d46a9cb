// The sweeper: every minute it closes checkouts abandoned past their 30 minutes (their credits and code come
// back without waiting for the student's next visit), asks the provider about each one it closed (one paid
// whose webhook has not come yet is settled by the gate; one still open is closed there too) and retries our
// own refunds the provider has not confirmed yet. One instance sweeps at a time: it holds a PostgreSQL advisory lock (PGlite has them too)
// on one pinned connection, and an instance that cannot take the lock skips that round.
import { sql } from 'kysely';
import { closeCheckouts, type ClosedCheckout, findAbandonedBrowsers, lockBrowser } from '../db/checkoutSessions.ts';
import { completeCheckout } from './checkoutGate.ts';
import { giveBack } from './fulfilment.ts';
import { retryDueRefunds } from './refunds.ts';
import type { CheckoutDeps } from './startCheckout.ts';

export const SWEEP_INTERVAL_MS = 60_000;
/** An arbitrary constant that names "Essay Studio checkout sweeper" among advisory locks. */
export const SWEEP_LOCK_KEY = 7_240_513_002;
const BROWSERS_PER_SWEEP = 200;

export interface SweepResult {
  /** false when another instance held the lock, so this one did nothing. */
  ran: boolean;
  closed: number;
  refunded: number;
}

export async function sweepAbandoned(deps: CheckoutDeps): Promise<SweepResult> {
  const closed = await deps.db.connection().execute(async (connection) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${SWEEP_LOCK_KEY}::bigint) as locked`.execute(connection);
    if (rows[0]?.locked !== true) return null;
    try {
      const now = deps.clock();
      const all: ClosedCheckout[] = [];
      // One short transaction per browser, under that browser's lock, like every other change to its checkouts.
      for (const uid of await findAbandonedBrowsers(connection, now, BROWSERS_PER_SWEEP)) {
        all.push(...await connection.transaction().execute(async (trx) => {
          await lockBrowser(trx, uid);
          const rows = await closeCheckouts(trx, { uid, expiredBefore: now }, { status: 'expired', reason: 'expired' });
          await giveBack(trx, rows);
          return rows;
        }));
      }
      return all;
    } finally {
      await sql`select pg_advisory_unlock(${SWEEP_LOCK_KEY}::bigint)`.execute(connection);
    }
  });
  if (closed === null) return { ran: false, closed: 0, refunded: 0 };
  for (const row of closed) await settleAtProvider(deps, row);
  const refunded = await retryDueRefunds(deps);
  return { ran: true, closed: closed.length, refunded };
}

/** A swept checkout the provider says was paid goes through the gate; one still open there is expired. */
async function settleAtProvider(deps: CheckoutDeps, row: ClosedCheckout): Promise<void> {
  if (row.provider_session_id === null || row.provider !== deps.payments.kind) return;
  // An unreachable provider leaves it be: its own expiry closes the session, and a payment still comes by webhook.
  const session = await deps.payments.retrieveSession(row.provider_session_id).catch(() => null);
  if (session?.paid === true) {
    await completeCheckout(deps, session.id, { paymentIntent: session.paymentIntent, completedBy: null, source: 'sweeper' });
  } else if (session?.status === 'open') {
    await deps.payments.expireSession(session.id).catch(() => undefined);
  }
}

/** Sweeps every minute until the returned stop is called; stopping waits for a sweep under way. */
export function startSweeper(
  deps: CheckoutDeps, log: { error(details: object, message: string): void }, intervalMs = SWEEP_INTERVAL_MS,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = sweepAbandoned(deps).catch((error: unknown) => log.error({ err: error }, 'checkout sweep failed'));
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
