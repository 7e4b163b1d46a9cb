// Refuses state-changing requests that a browser says come from another site (ARCHITECTURE §4): the
// `Origin` must be this app's PUBLIC_URL origin (or the Vite dev server's in development), and without an
// Origin a `Sec-Fetch-Site: cross-site` is refused too. Requests with neither header (curl, server-to-server)
// pass, as do the exempt paths (the signed Stripe webhook).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../errors.ts';
import { pathOnly } from '../logger.ts';

export interface OriginCheckOptions {
  publicUrl: string;
  development: boolean;
  exemptPaths?: readonly string[];
}

export const VITE_DEV_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173'] as const;
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const CROSS_SITE_MESSAGE = 'This request came from another website and was refused.';

export function isCrossSite(request: FastifyRequest, allowedOrigins: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) return !allowedOrigins.has(origin);
  return request.headers['sec-fetch-site'] === 'cross-site';
}

async function originCheck(app: FastifyInstance, options: OriginCheckOptions): Promise<void> {
  const allowed = new Set<string>([new URL(options.publicUrl).origin, ...(options.development ? VITE_DEV_ORIGINS : [])]);
  const exempt = new Set(options.exemptPaths ?? []);
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method) || exempt.has(pathOnly(request.url))) return;
    if (isCrossSite(request, allowed)) throw new HttpError(403, 'cross_site', CROSS_SITE_MESSAGE);
  });
}

export default fp(originCheck, { name: 'origin-check' });
