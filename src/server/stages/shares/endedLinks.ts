// Every hour, links past their expiry end for good: their secret's digest and their readers' sessions are
// deleted (a request meanwhile already finds them expired, and ends the one it finds), a batch at a time so no
// run holds the database for long.
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { endExpiredLinks } from './repository.ts';

const RUN_EVERY_MS = 60 * 60 * 1000;
const LINKS_PER_BATCH = 100;

/** Ends the links expired as of `now`; answers how many. */
export async function endExpiredLinksNow(db: Kysely<Database>, now: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const ended = await endExpiredLinks(db, now, LINKS_PER_BATCH);
    total += ended;
    if (ended < LINKS_PER_BATCH) return total;
    await yieldToLoop();
  }
}

export function startEndingExpiredLinks(options: {
  db: Kysely<Database>; clock: () => Date; log: { error(details: object, message: string): void };
}): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = endExpiredLinksNow(options.db, options.clock())
      .catch((error: unknown) => options.log.error({ err: error }, 'ending expired share links failed'));
  }, RUN_EVERY_MS);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
