// Sends a request target exactly as written: Node's http client passes the path through untouched, where
// fetch and the test client (light-my-request) would tidy dot segments, `//` and `#` away first.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { App } from '../../../src/server/app.ts';

export interface RawAnswer { status: number; headers: Record<string, string | string[] | undefined>; body: string }

export async function rawRequest(app: App, method: string, target: string, body?: string): Promise<RawAnswer> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({
      host: '127.0.0.1', port, method, path: target,
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
