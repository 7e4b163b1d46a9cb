// The guard in front of every /api/admin/* route: `Authorization: Bearer <ADMIN_TOKEN>`, compared in constant
// time. No token configured means admin is switched off; repeated wrong tokens from one IP are locked out.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { onRequestAsyncHookHandler } from 'fastify';
import { HttpError } from '../errors.ts';
import type { LimitStore } from '../limits/limitStore.ts';

export interface AdminAuthOptions {
  adminToken: string | undefined;
  /** Where wrong tokens are counted per client IP (shared by every instance when the store is Redis). */
  store: LimitStore;
  maxFailures?: number;
  windowMs?: number;
}

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/** Equal-length digests, so neither the comparison nor its length check leaks how much of the token matched. */
export function tokensMatch(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/** Builds the hook once per app, so every admin route shares one count of failures. */
export function createAdminAuth(options: AdminAuthOptions): onRequestAsyncHookHandler {
  const { adminToken, store } = options;
  const max = options.maxFailures ?? 10;
  const windowMs = options.windowMs ?? 60_000;
  // Locked out once `max` failures are counted: a peek is within its limit while fewer than `max` are.
  const lockedOut = { max: max - 1, windowMs };
  const failures = { max, windowMs };
  const key = (ip: string) => `admin:ip:${ip}`;

  return async function adminAuth(request) {
    if (adminToken === undefined) {
      throw new HttpError(403, 'admin_disabled', 'Admin calls are disabled on this server: no ADMIN_TOKEN is configured.');
    }
    const retryAfter = (await store.peek(key(request.ip), lockedOut)).retryAfterSeconds;
    if (retryAfter > 0) {
      throw new HttpError(429, 'rate_limited', `Too many wrong admin tokens. Try again in ${retryAfter} seconds.`, {
        'retry-after': String(retryAfter),
      });
    }
    const token = bearerToken(request.headers.authorization);
    if (token === undefined || !tokensMatch(token, adminToken)) {
      await store.hit(key(request.ip), failures);
      throw new HttpError(401, 'unauthorized', 'A valid admin token is required: send Authorization: Bearer <ADMIN_TOKEN>.', {
        'www-authenticate': 'Bearer',
      });
    }
  };
}
