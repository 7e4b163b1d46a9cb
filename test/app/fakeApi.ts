// Fakes the network at the HTTP boundary: a stubbed global fetch answering real Responses per
// "METHOD /path", and recording every request so tests can assert on what was sent.
import { vi } from 'vitest';

export type Handler = (request: { url: string; init: RequestInit }) => Response | Promise<Response>;

export const json = (body: unknown, status = 200): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const networkFailure = (): never => {
  throw new TypeError('Failed to fetch');
};

export function fakeApi(handlers: Record<string, Handler | Handler[]>) {
  const calls: Array<{ method: string; url: string; init: RequestInit }> = [];
  const queues = new Map(Object.entries(handlers).map(([key, value]) => [key, Array.isArray(value) ? [...value] : value]));
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = init.method ?? 'GET';
    calls.push({ method, url, init });
    const key = `${method} ${url.split('?')[0]}`;
    const entry = queues.get(key);
    // A list answers one call each, in order, then repeats its last answer.
    const handler = Array.isArray(entry) ? (entry.length > 1 ? entry.shift() : entry[0]) : entry;
    if (!handler) return json({ error: 'Not found', code: 'not_found' }, 404);
    return handler({ url, init });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, callsTo: (key: string) => calls.filter((call) => `${call.method} ${call.url.split('?')[0]}` === key) };
}

/** A handler whose answer the test gives when it chooses (a request left on its way meanwhile). */
export function answerLater() {
  let answer: (response: Response) => void = () => {};
  const handler: Handler = () => new Promise<Response>((resolve) => { answer = resolve; });
  return { handler, answer: (response: Response) => answer(response) };
}
