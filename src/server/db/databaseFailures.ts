// What a failing-over PostgreSQL looks like from the client, and the commit that was not acknowledged by a
// synchronous standby. The pool (gatedPool.ts) evicts connections on the first; the error handler answers both 503.
import type { NoticeMessage } from 'pg-protocol/dist/messages.js';

/**
 * SQLSTATEs of a server going away or no longer the primary: 57P01 admin shutdown (a fast stop, a promotion's
 * fencing), 57P02 crash shutdown, 57P03 cannot connect now (starting or stopping), 25006 a write on a read-only
 * host (a demoted primary, a standby), and the 08 class of connection failures.
 */
const LOST_SQLSTATES: ReadonlySet<string> = new Set(['57P01', '57P02', '57P03', '25006', '08000', '08001', '08003', '08004', '08006']);
/** The socket's own failures: nothing listens, the host went away mid-conversation. */
const LOST_SOCKET_CODES: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);
/** pg's words for a connection that ended under a query, or one that is no longer usable. */
const LOST_MESSAGES = ['Connection terminated unexpectedly', 'Connection terminated', 'Client has encountered a connection error and is not queryable'];

/** No host in DATABASE_URL's list answered as a writable primary. */
export class NoWritablePrimaryError extends Error {
  override readonly name = 'NoWritablePrimaryError';
}

/**
 * PostgreSQL answered COMMIT (or a statement's own implicit commit) with the warning that the wait for the
 * synchronous standby was cancelled: the transaction is on the primary alone and is lost with it.
 */
export class UnreplicatedCommitError extends Error {
  override readonly name = 'UnreplicatedCommitError';
}

/**
 * What a query or a connection answers when the database is failing over or gone (isConnectionLost), so the
 * error handler tells it from the same socket codes met elsewhere: a browser that hangs up mid-request also
 * raises ECONNRESET, and that is no database's failure.
 */
export class DatabaseUnavailableError extends Error {
  override readonly name = 'DatabaseUnavailableError';
  constructor(cause: unknown) {
    super(`The database is unavailable: ${(cause as { message?: string } | undefined)?.message ?? String(cause)}`, { cause });
  }
}

/** The database is failing over or gone: the connection that saw it must never be reused. */
export function isConnectionLost(error: unknown): boolean {
  if (error instanceof NoWritablePrimaryError) return true;
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (LOST_SQLSTATES.has(code) || LOST_SOCKET_CODES.has(code))) return true;
  return typeof message === 'string' && LOST_MESSAGES.includes(message);
}

/**
 * The warning of a cancelled wait for synchronous replication (PostgreSQL's English text: the server's
 * lc_messages must leave it so), both its forms: cancelled by request, or by the connection being terminated.
 */
export const isUnreplicatedCommitNotice = (notice: NoticeMessage): boolean =>
  /^canceling (the )?wait for synchronous replication/.test(notice.message ?? '')
  || (notice.detail ?? '').startsWith('The transaction has already committed locally');
