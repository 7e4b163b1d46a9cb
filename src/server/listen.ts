// Listening on HOST. The default, `::`, takes IPv6 and IPv4 connections alike, so http://localhost,
// http://127.0.0.1 and http://[::1] all reach the app; on a machine with IPv6 switched off it falls back to
// every IPv4 address.
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';

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
