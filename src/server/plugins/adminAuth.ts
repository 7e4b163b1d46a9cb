// The guard in front of every /api/admin/* route: `Authorization: Bearer <ADMIN_TOKEN>`, compared in constant
// time. No token configured means admin is switched off. The token is tested first: the right one always gets
// in, so a stranger spraying wrong tokens from the operator's network cannot lock the operator out. Wrong
// tokens are counted per client network in the limit store, and past the limit they are answered 429 (the
// token's length is what makes guessing hopeless; the count keeps a noisy guesser slow and visible).
import { createHash, timingSafeEqual } from 'node:crypto';
import type { onRequestAsyncHookHandler } from 'fastify';
import { HttpError } from '../http/errors.ts';
import type { LimitStore } from '../limits/limitStore.ts';
import { networkKey } from '../limits/networkKey.ts';

export interface AdminAuthOptions {
  adminToken: string | undefined;
  /** Where wrong tokens are counted. */
  store: LimitStore;
  maxFailures?: number;
  windowMs?: number;
}

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/** Equal-length digests, so neither the comparison nor its length check leaks how much of the token matched. */
export function tokensMatch(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/** The token of an `Authorization: Bearer <token>` header. */
export const bearerToken = (header: string | undefined): string | undefined =>
  /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1];

/** Builds the hook once per app, so every admin route shares one count of failures. */
export function createAdminAuth(options: AdminAuthOptions): onRequestAsyncHookHandler {
  const failures = { max: options.maxFailures ?? 10, windowMs: options.windowMs ?? 60_000 };
  const { adminToken, store } = options;

  return async function adminAuth(request) {
    if (adminToken === undefined) {
      throw new HttpError(403, 'admin_disabled', 'Admin calls are disabled on this server: no ADMIN_TOKEN is configured.');
    }
    const token = bearerToken(request.headers.authorization);
    if (token !== undefined && tokensMatch(token, adminToken)) return;
    const counted = await store.hit(`admin-failures:${networkKey(request.ip)}`, failures);
    if (!counted.allowed) {
      const wait = counted.retryAfterSeconds;
      throw HttpError.retryLater('rate_limited', `Too many wrong admin tokens. Try again in ${wait} seconds.`, wait);
    }
    throw new HttpError(401, 'unauthorized', 'A valid admin token is required: send Authorization: Bearer <ADMIN_TOKEN>.', {
      'www-authenticate': 'Bearer',
    });
  };
}
