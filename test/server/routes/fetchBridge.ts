// Lets client code that calls fetch('/api/…') (the browser's API client) reach a real server built for a test,
// through app.inject, keeping its cookie as a browser would; any other URL (the Firebase SDK talking to the
// Auth emulator) goes out over the real network.
import { vi } from 'vitest';
import type { App } from '../../../src/server/app.ts';

export function routeApiTo(app: App, origin: string) {
  const realFetch = globalThis.fetch;
  let cookie = '';
  const requests: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input instanceof Request ? input.url : input);
    if (!url.startsWith('/api/')) return realFetch(input, init);
    const method = (init.method ?? 'GET') as 'GET' | 'POST' | 'PUT' | 'DELETE';
    requests.push(`${method} ${url}`);
    const response = await app.inject({
      method, url,
      headers: { ...(init.headers as Record<string, string>), origin, ...(cookie === '' ? {} : { cookie }) },
      payload: init.body === undefined || init.body === null ? undefined : String(init.body),
    });
    const setCookie = response.headers['set-cookie'];
    const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
    if (first !== undefined) cookie = /Max-Age=0/.test(first) ? '' : first.split(';', 1)[0] ?? '';
    return new Response(response.statusCode === 204 ? null : response.body, {
      status: response.statusCode, headers: { 'content-type': String(response.headers['content-type'] ?? 'application/json') },
    });
  });
  return { cookie: () => cookie, requests };
}
