// Listening on HOST. The default, `::`, takes IPv6 and IPv4 connections alike, so http://localhost,
// http://127.0.0.1 and http://[::1] all reach the app; on a machine with IPv6 switched off it falls back to
// every IPv4 address.
import type { ServerOptions } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';

/** The longest a client may take to send a request's headers (capped by REQUEST_TIMEOUT). */
const HEADERS_TIMEOUT_MS = 10_000;
/** How often Node looks for requests past those limits: the limits hold to within this. */
const TIMEOUT_CHECK_INTERVAL_MS = 1_000;

/**
 * Fastify's options for the HTTP server's timeouts. A request must arrive whole (headers, then body) within
 * REQUEST_TIMEOUT, or it is answered 408 and its connection closed: a client sending a byte a second cannot
 * hold a shutdown. Once a request has arrived, no idle limit applies to its connection (an essay may wait on
 * the AI for up to AI_TIMEOUT_MS before its first word); the services' own timeouts bound that wait, and the
 * shutdown deadline closes whatever connection is still open.
 */
export function serverTimeouts(config: Pick<Config, 'requestTimeoutMs'>): { requestTimeout: number; http: ServerOptions } {
  return {
    requestTimeout: config.requestTimeoutMs,
    http: {
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, config.requestTimeoutMs),
      connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS,
    },
  };
}

const IPV6_UNAVAILABLE = new Set(['EAFNOSUPPORT', 'EADDRNOTAVAIL']);

export async function listen(app: FastifyInstance, config: Pick<Config, 'host' | 'port'>): Promise<void> {
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (config.host !== '::' || !IPV6_UNAVAILABLE.has(code)) throw error;
    app.log.warn('IPv6 is not available here: listening on IPv4 only (0.0.0.0)');
    await app.listen({ port: config.port, host: '0.0.0.0' });
  }
}
