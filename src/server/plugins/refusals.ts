// Requests refused for what they are, not for how many there are (another site's POST, a path spelled other
// than its canonical form), counted apart: each reason has its own count per network, and none of them spends
// the API allowance students share (rateLimits.ts). A hook that refuses calls `request.refuse(reason, error)`
// and must run before the rates' hook, i.e. be registered before rateLimits in app.ts. Past its reason's figure,
// a network's refusals are answered 429 instead, with Retry-After; its requests that are not refused never are.
// (Wrong secrets have counters of their own per kind: src/server/secrets/.)
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http/errors.ts';
import { MINUTE_MS } from '../limits/budgets.ts';
import type { LimitStore, WindowLimit } from '../limits/limitStore.ts';
import { networkKey } from '../limits/networkKey.ts';
import { waitInWords } from '../limits/waitInWords.ts';

export type RefusalReason = 'cross_site' | 'non_canonical_path';

/** Refusals of one reason per network per minute before they are answered 429: a school's busiest minute is 1,200 calls. */
export const REFUSALS_PER_NETWORK: WindowLimit = { max: 600, windowMs: MINUTE_MS };

declare module 'fastify' {
  interface FastifyRequest {
    /** Counts this refusal against its reason's own count for the network, then throws `error` (or 429 past the count). */
    refuse(reason: RefusalReason, error: HttpError): Promise<never>;
  }
}

export interface RefusalsOptions {
  store: LimitStore;
}

async function refusals(app: FastifyInstance, { store }: RefusalsOptions): Promise<void> {
  app.decorateRequest('refuse', async function refuse(this: FastifyRequest, reason: RefusalReason, error: HttpError): Promise<never> {
    const verdict = await store.hit(`refused:${reason}:${networkKey(this.ip)}`, REFUSALS_PER_NETWORK);
    if (verdict.allowed) throw error;
    const wait = verdict.retryAfterSeconds;
    throw HttpError.retryLater('too_many_refused', `Too many refused requests from your network. Please wait ${waitInWords(wait)} and try again.`, wait);
  });
}

export default fp(refusals, { name: 'refusals' });
