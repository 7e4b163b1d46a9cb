// Security headers (helmet with the SPA's CSP), signed cookies and the global per-IP rate limit.
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { HttpError } from '../errors.ts';
import { firebaseConnectSources } from '../firebaseConfig.ts';
import { cspDirectives, findInlineSources } from './contentSecurityPolicy.ts';

export type SecurityOptions = Pick<Config, 'publicUrl' | 'staticDir' | 'cookieSecret' | 'rateLimit' | 'firebase'> & {
  gtmId?: string;
  /** Counts the general limit (and every route's own limit) in Redis, shared by all instances. */
  rateLimitRedis?: { client: Redis; nameSpace: string };
};

async function security(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  const https = options.publicUrl.startsWith('https:');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: cspDirectives(
        findInlineSources(options.staticDir), https, firebaseConnectSources(options.firebase), options.gtmId !== undefined,
      ),
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    frameguard: { action: 'deny' },
  });
  await app.register(cookie, { secret: options.cookieSecret });
  await app.register(rateLimit, {
    global: true,
    max: options.rateLimit.max,
    timeWindow: options.rateLimit.windowMs,
    keyGenerator: (request) => request.ip,
    // Shared counts when Redis is configured; if Redis cannot answer, requests pass rather than fail.
    ...(options.rateLimitRedis
      ? { redis: options.rateLimitRedis.client, nameSpace: options.rateLimitRedis.nameSpace, skipOnError: true }
      : {}),
    // The static files of a page load are not API work; only /api/* counts against the limit.
    allowList: (request) => !request.url.startsWith('/api/'),
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, 'rate_limited', `Too many requests from your network. Please wait ${context.after} and try again.`),
  });
}

export default fp(security, { name: 'security' });
