// A refusal sent while the client is still sending its body (413 for a body over the limit, or any refusal
// made before the body is read) reaches the client only if the server reads that body first: a server that
// closes a connection with unread bytes waiting makes its system reset it, and the client sees "connection
// reset" instead of the answer. So up to 4 MiB past the route's limit is read and thrown away before the
// answer; a body declared larger, or one that keeps coming past that, is not worth reading, and the answer
// closes the connection.
import type { IncomingMessage } from 'node:http';
import { MIB } from '../limits/budgets.ts';

/** How far past a route's body limit a refused body is still read, so the client can read the refusal. */
export const READ_PAST_LIMIT_BYTES = 4 * MIB;

const carriesBody = (raw: IncomingMessage): boolean =>
  raw.headers['transfer-encoding'] !== undefined || Number(raw.headers['content-length'] ?? 0) > 0;

/**
 * Reads and discards what is left of the request's body: true once it has all arrived, false when it is
 * larger than `limitBytes` + 4 MiB (declared or sent) or the connection failed, and the answer must close it.
 */
export function discardUnreadBody(raw: IncomingMessage, limitBytes: number): Promise<boolean> {
  if (raw.complete || raw.readableEnded || !carriesBody(raw)) return Promise.resolve(true);
  if (raw.destroyed) return Promise.resolve(false);
  const declared = Number(raw.headers['content-length'] ?? Number.NaN);
  // A declared length is the whole body (none of it read yet, or the limit would have refused it); an
  // undeclared one was read up to the limit before the refusal, so only the allowance past it remains.
  const allowance = Number.isNaN(declared) ? READ_PAST_LIMIT_BYTES : declared;
  if (allowance > limitBytes + READ_PAST_LIMIT_BYTES) return Promise.resolve(false);
  return new Promise((resolve) => {
    let read = 0;
    const finish = (whole: boolean) => {
      raw.off('data', onData).off('end', onEnd).off('error', onFailure).off('close', onFailure);
      if (!whole) raw.pause();
      resolve(whole);
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > allowance) finish(false);
    };
    const onEnd = () => finish(true);
    const onFailure = () => finish(false);
    raw.on('data', onData).on('end', onEnd).on('error', onFailure).on('close', onFailure);
    raw.resume();
  });
}
