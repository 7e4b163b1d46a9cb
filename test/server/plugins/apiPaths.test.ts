// The API's limits and headers follow the path the server understands, not the URL's spelling. Sent over a
// real socket, because the test client (light-my-request) would tidy dot segments away before the server saw them.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { App } from '../../../src/server/app.ts';
import { testDatabases } from '../databases.ts';
import { buildTestApp } from '../helper.ts';

interface RawAnswer { status: number; headers: Record<string, string | string[] | undefined>; body: string }

/** Sends `path` exactly as written (node's http client does not normalise it). */
async function raw(app: App, method: string, path: string, body?: string): Promise<RawAnswer> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({
      host: '127.0.0.1', port, method, path,
      headers: body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => { text += chunk; });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const SPELLINGS_OF_WHOAMI = [
  '/api/whoami', '/%61pi/whoami', '/%61%70%69/%77hoami', '/api/../api/whoami', '/api/./whoami',
  '/api/%2e%2e/api/whoami', '/x/../api/whoami', '//api/whoami', '/API/whoami', '/api//whoami',
];

describe.each(testDatabases)('limits and headers by the path the server understands, on $name', (target) => {
  async function listening(env: Record<string, string> = {}) {
    const { app } = await buildTestApp(target, { env });
    await app.listen({ port: 0, host: '127.0.0.1' });
    return app;
  }

  it('answers every spelling of an API path with Cache-Control: no-store', async () => {
    const app = await listening();
    for (const path of SPELLINGS_OF_WHOAMI) {
      const answer = await raw(app, 'GET', path);
      expect(answer.status, path).toBeLessThan(500);
      expect(answer.headers['cache-control'], path).toBe('no-store');
    }
  });

  it('counts every spelling against the same per-network limit', async () => {
    const app = await listening({ RATE_LIMIT_MAX: String(SPELLINGS_OF_WHOAMI.length), RATE_LIMIT_WINDOW: '1m' });
    for (const path of SPELLINGS_OF_WHOAMI) expect((await raw(app, 'GET', path)).status, path).not.toBe(429);
    for (const path of ['/%61pi/whoami', '/api/../api/whoami', '/API/whoami', '/api/whoami']) {
      const answer = await raw(app, 'GET', path);
      expect(answer.status, path).toBe(429);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'rate_limited' });
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('keeps a route\'s own limit whatever the spelling (the discount check: 20 a minute)', async () => {
    const app = await listening();
    // A body the contract refuses (400) reaches no code check, so only the route's own limit can answer 429
    // (wrong codes have a tighter bound of their own).
    const body = JSON.stringify({});
    const spellings = ['/%61pi/validate-discount', '/api/validate-discount', '/%61%70%69/%76alidate-discount', '/api/%76alidate-discount'];
    const statuses: number[] = [];
    for (let call = 0; call < 24; call += 1) {
      statuses.push((await raw(app, 'POST', spellings[call % spellings.length] ?? '', body)).status);
    }
    expect(new Set(statuses.slice(0, 20))).toEqual(new Set([400]));
    expect(statuses.slice(20)).toEqual([429, 429, 429, 429]);
  });

  it('does not route a dotted path to a handler, and still counts it as an API call', async () => {
    const app = await listening({ RATE_LIMIT_MAX: '2', RATE_LIMIT_WINDOW: '1m' });
    // A body the contract refuses (400) reaches no code check, so only the route's own limit can answer 429
    // (wrong codes have a tighter bound of their own).
    const body = JSON.stringify({});
    const dotted = await raw(app, 'POST', '/api/../api/validate-discount', body);
    expect(dotted.status).toBe(404);
    expect(dotted.headers['cache-control']).toBe('no-store');
    expect((await raw(app, 'POST', '/api/x/../validate-discount', body)).status).toBe(404);
    expect((await raw(app, 'POST', '/api/validate-discount', body)).status).toBe(429);
  });

  it('refuses a percent-encoded slash with 400', async () => {
    const app = await listening();
    for (const path of ['/api%2Fwhoami', '/api/forms%2fme', '/%61pi%5Cwhoami']) {
      const answer = await raw(app, 'GET', path);
      expect(answer.status, path).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 'encoded_slash' });
      expect(answer.headers['cache-control'], path).toBe('no-store');
    }
  });
});
