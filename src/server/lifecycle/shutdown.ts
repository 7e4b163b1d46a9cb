// Stopping an instance in steps no client can hold up: drain (requests in flight may finish until the
// deadline), then close every connection still open, then close the app, then the database, each step given
// at most CLOSE_GRACE_MS. The database is closed on every path, the deadline passed or not, so PGlite's files
// are left consistent and PostgreSQL's connections are ended, not dropped.
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/connection.ts';
import type { Lifecycle } from './drain.ts';

/** Time each closing step gets after draining. */
export const CLOSE_GRACE_MS = 5_000;

/** The longest shutDown can take: close-with-grace's last resort exits the process after it. */
export const shutdownLimitMs = (deadlineMs: number): number => deadlineMs + 2 * CLOSE_GRACE_MS + 1_000;

export interface Stopping {
  app: FastifyInstance;
  database: DatabaseHandle;
  lifecycle: Lifecycle;
  deadlineMs: number;
}

/** Whether `work` settled (resolved or failed) within `ms`. */
async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(resolve, ms, false);
  });
  const settled = work.then(() => true, () => true);
  try {
    return await Promise.race([settled, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** `drain: false` (after an unexpected error) skips straight to closing. */
export async function shutDown({ app, database, lifecycle, deadlineMs }: Stopping, { drain = true } = {}): Promise<void> {
  const idle = drain ? await lifecycle.drain(deadlineMs) : false;
  if (!idle) {
    if (lifecycle.inFlight > 0) app.log.warn(`${lifecycle.inFlight} requests still running at the shutdown deadline: closing their connections`);
    // Otherwise the server's close would wait for them (a slow upload, a client that does not read).
    app.server.closeAllConnections();
  }
  if (!(await settlesWithin(app.close(), CLOSE_GRACE_MS))) {
    app.log.warn('the server did not close in time: closing the database anyway');
  }
  if (await settlesWithin(database.close(), CLOSE_GRACE_MS)) app.log.info('database closed');
  else app.log.error('the database did not close in time: exiting anyway');
}
