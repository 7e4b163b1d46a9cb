// Security headers (helmet with the SPA's CSP) and signed cookies. The rate limits are in rateLimits.ts.
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { firebaseConnectSources } from '../session/firebaseConfig.ts';
import { checkoutPageOrigins } from '../payments/paymentsConfig.ts';
import { cspDirectives, findInlineSources } from './contentSecurityPolicy.ts';

export type SecurityOptions = Pick<Config, 'publicUrl' | 'staticDir' | 'cookieSecret' | 'firebase' | 'payments'> & { gtmId?: string };

async function security(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  const https = options.publicUrl.startsWith('https:');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: cspDirectives(
        findInlineSources(options.staticDir), https, firebaseConnectSources(options.firebase), options.gtmId !== undefined,
        checkoutPageOrigins(options.payments),
      ),
    },
    // Our own pages' requests say where they come from (a form's POST carries its Origin, which the Origin
    // check needs: under no-referrer it would be "null"); other sites learn nothing, not even our origin.
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    frameguard: { action: 'deny' },
  });
  await app.register(cookie, { secret: options.cookieSecret });
}

export default fp(security, { name: 'security' });
