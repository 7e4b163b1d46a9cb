// Refuses state-changing requests that a browser says come from another site: the `Origin` must be one of
// the app's own origins (PUBLIC_URL's, or with PUBLIC_URL unset the loopback spellings on PORT; the Vite dev
// server's too in development), and without an Origin a `Sec-Fetch-Site: cross-site` is refused too. Requests
// with neither header (curl, server-to-server) pass, as do the exempt paths (the signed Stripe webhook).
// A page this very server served at an address that is not its own (the app opened at 127.0.0.1 while
// PUBLIC_URL says localhost) is refused with its own code and a message naming the address to open instead.
// Refusals are counted apart from the API allowance (refusals.ts): this hook runs before the rates' hook, so
// another site's requests never spend the allowance of the students on the network they reach us from.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http/errors.ts';
import { requestPath } from '../http/requestPath.ts';

export interface OriginCheckOptions {
  /** The app's own origins; the first is PUBLIC_URL's, the one a misdirected student is sent to. */
  ownOrigins: readonly string[];
  development: boolean;
  exemptPaths?: readonly string[];
}

export const VITE_DEV_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173'] as const;
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const CROSS_SITE_MESSAGE = 'This request came from another website and was refused.';

const wrongAddressMessage = (opened: string, publicOrigin: string): string =>
  `This page is open at ${opened}, but Essay Studio runs at ${publicOrigin}. Please open ${publicOrigin} instead.`;

export function isCrossSite(request: FastifyRequest, allowedOrigins: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) return !allowedOrigins.has(origin);
  return request.headers['sec-fetch-site'] === 'cross-site';
}

/** The origin the request was addressed to, as the browser saw it (scheme and Host header). */
const addressedOrigin = (request: FastifyRequest): string => `${request.protocol}://${request.headers.host ?? ''}`;

async function originCheck(app: FastifyInstance, options: OriginCheckOptions): Promise<void> {
  const publicOrigin = options.ownOrigins[0] ?? '';
  const allowed = new Set<string>([...options.ownOrigins, ...(options.development ? VITE_DEV_ORIGINS : [])]);
  const exempt = new Set(options.exemptPaths ?? []);
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    if (exempt.has(requestPath(request)) || exempt.has(request.routeOptions.url ?? '')) return;
    if (!isCrossSite(request, allowed)) return;
    const origin = request.headers.origin;
    if (origin !== undefined && origin === addressedOrigin(request)) {
      await request.refuse('cross_site', new HttpError(403, 'wrong_origin', wrongAddressMessage(origin, publicOrigin)));
    }
    await request.refuse('cross_site', new HttpError(403, 'cross_site', CROSS_SITE_MESSAGE));
  });
}

export default fp(originCheck, { name: 'origin-check', dependencies: ['refusals'] });
