// A small client for a server listening on this machine: a session per caller, the paid plan or the admin
// token when a route needs them, and the request sent with its body already serialised (so the client's own
// JSON work happens before the server is measured).
import type { App } from '../../../src/server/app.ts';
import { TEST_ADMIN_TOKEN, TEST_ORIGIN } from '../helper.ts';

export interface Prepared {
  url: string;
  init: RequestInit;
}

export async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

export async function newSession(base: string, plan?: 'paid'): Promise<string> {
  const response = await fetch(`${base}/api/session`, { method: 'POST', headers: { origin: TEST_ORIGIN } });
  const cookie = (response.headers.get('set-cookie') ?? '').split(';', 1)[0] ?? '';
  const { uid } = (await response.json()) as { uid: string };
  if (plan === 'paid') {
    await fetch(`${base}/api/admin/entitlements`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}`, 'content-type': 'application/json', origin: TEST_ORIGIN },
      body: JSON.stringify({ uid, plan: 'paid', reason: 'hostile-input suite' }),
    }).then((r) => r.arrayBuffer());
  }
  return cookie;
}

const toQuery = (input: unknown): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries((input ?? {}) as Record<string, unknown>)) {
    if (value !== undefined) params.set(key, String(value));
  }
  return params.toString();
};

export function prepare(
  base: string, route: { method: string; url: string; needs?: string }, input: unknown, cookie: string,
): Prepared {
  const headers: Record<string, string> = { cookie, origin: TEST_ORIGIN };
  if (route.needs === 'admin') headers.authorization = `Bearer ${TEST_ADMIN_TOKEN}`;
  if (route.method === 'GET') return { url: `${base}${route.url}?${toQuery(input)}`, init: { method: 'GET', headers } };
  headers['content-type'] = 'application/json';
  const body = typeof input === 'string' ? input : JSON.stringify(input);
  return { url: `${base}${route.url}`, init: { method: route.method, headers, body } };
}

/** Sends and reads the whole answer; the status and the body's first characters for a message. */
export async function send(prepared: Prepared): Promise<{ status: number; text: string }> {
  const response = await fetch(prepared.url, prepared.init);
  const text = await response.text();
  return { status: response.status, text: text.slice(0, 300) };
}
