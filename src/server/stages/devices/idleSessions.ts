// Every hour, the sessions idle past their time end (90 days; 30 minutes on a shared computer) (they already open nothing meanwhile), a few hundred rows
// per statement so no run holds the database for long; and signed-out earlier rows go once no cookie from
// before can still exist.
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { endIdleSessions, endIdleSharedSessions, SESSION_IDLE_DAYS, SHARED_IDLE_MINUTES } from '../../session/deviceSessions.ts';
import { SESSION_MAX_AGE_SECONDS } from '../../session/session.ts';

const RUN_EVERY_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const ROWS_PER_STATEMENT = 500;

/** Ends idle sessions as of `now`; answers how many rows changed. */
export async function endIdleSessionsNow(db: Kysely<Database>, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - SESSION_IDLE_DAYS * DAY_MS);
  const oldCookiesGone = new Date(now.getTime() - SESSION_MAX_AGE_SECONDS * 1000);
  const sharedCutoff = new Date(now.getTime() - SHARED_IDLE_MINUTES * 60 * 1000);
  let total = 0;
  for (;;) {
    const changed = await endIdleSessions(db, cutoff, oldCookiesGone, ROWS_PER_STATEMENT)
      + await endIdleSharedSessions(db, sharedCutoff, ROWS_PER_STATEMENT);
    total += changed;
    if (changed < ROWS_PER_STATEMENT) return total;
    await yieldToLoop();
  }
}

export function startIdleSessionsEnd(options: {
  db: Kysely<Database>; clock: () => Date; log: { error(details: object, message: string): void };
}): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = endIdleSessionsNow(options.db, options.clock())
      .catch((error: unknown) => options.log.error({ err: error }, 'ending idle sessions failed'));
  }, RUN_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
