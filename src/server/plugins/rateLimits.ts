// The request-rate limits, all counted in the one limit store: every API call from a client network counts
// against RATE_LIMIT_MAX per window, and a route may add its own tighter limit through its config
// (`config: { rateLimit: { max, timeWindow, keyGenerator? } }`). Which limits apply is decided by the route
// that matched (or the canonical path for 404s), never by how the URL was spelled.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isApiRequest } from '../apiPath.ts';
import { HttpError } from '../errors.ts';
import type { LimitStore } from '../limits/limitStore.ts';
import { networkKey } from '../limits/networkKey.ts';
import { waitInWords } from '../limits/waitInWords.ts';

export interface RouteRateLimit {
  max: number;
  /** Milliseconds. */
  timeWindow: number;
  /** Whom the limit counts (default: the client's network). */
  keyGenerator?: (request: FastifyRequest) => string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    rateLimit?: RouteRateLimit;
  }
  interface FastifyInstance {
    /**
     * Counts one API call for the request's network, for work done outside the API (a page that reads the
     * database): false when the network has none left.
     */
    spendApiCall(request: FastifyRequest): Promise<boolean>;
  }
}

export interface RateLimitsOptions {
  store: LimitStore;
  /** API calls per client network per window. */
  max: number;
  windowMs: number;
}

const tooMany = (retryAfterSeconds: number): HttpError => new HttpError(
  429, 'rate_limited', `Too many requests from your network. Please wait ${waitInWords(retryAfterSeconds)} and try again.`,
  { 'retry-after': String(retryAfterSeconds) },
);

async function rateLimits(app: FastifyInstance, options: RateLimitsOptions): Promise<void> {
  const { store } = options;
  const global = { max: options.max, windowMs: options.windowMs };

  /** One call from the request's network against the API's shared allowance (API routes and pages alike). */
  const hitApi = (request: FastifyRequest) => store.hit(`api:${networkKey(request.ip)}`, global);
  app.decorate('spendApiCall', async (request: FastifyRequest) => (await hitApi(request)).allowed);

  app.addHook('onRequest', async (request) => {
    const client = networkKey(request.ip);
    const route = request.routeOptions.config.rateLimit;
    if (route !== undefined) {
      const who = route.keyGenerator?.(request) ?? client;
      const routeKey = `${request.routeOptions.method}:${request.routeOptions.url ?? ''}`;
      const verdict = await store.hit(`route:${routeKey}:${who}`, { max: route.max, windowMs: route.timeWindow });
      if (!verdict.allowed) throw tooMany(verdict.retryAfterSeconds);
    }
    if (!isApiRequest(request)) return;
    const verdict = await hitApi(request);
    if (!verdict.allowed) throw tooMany(verdict.retryAfterSeconds);
  });
}

export default fp(rateLimits, { name: 'rate-limits' });
