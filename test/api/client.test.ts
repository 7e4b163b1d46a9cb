import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, endpoints } from '../../src/api/index.ts';
import type { Endpoint } from '../../src/api/index.ts';
import { fakeApi, json, networkFailure } from '../app/fakeApi.ts';
import { contractWorkerStandIn } from '../setup/contractWorker.ts';

const rejection = async (promise: Promise<unknown>): Promise<ApiError> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
};

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('sends same-origin credentials and answers the validated body', async () => {
    const api = fakeApi({ 'GET /api/whoami': () => json({ plan: 'paid' }) });
    await expect(apiRequest(endpoints.whoami)).resolves.toEqual({ plan: 'paid' });
    expect(api.calls[0]?.init).toMatchObject({ method: 'GET', credentials: 'same-origin' });
  });

  it('sends a body as JSON and adds the query string', async () => {
    const echo = {
      method: 'POST', path: '/api/echo', response: 'feedbackResponseSchema', request: 'sessionRequestSchema',
    } satisfies Endpoint;
    const api = fakeApi({ 'POST /api/echo': () => json({ ok: true }) });
    await apiRequest(echo, { body: { idToken: 'token-of-maya' }, query: { page: '2', skipped: undefined } });
    const call = api.calls[0];
    expect(call?.url).toBe('/api/echo?page=2');
    expect(call?.init.body).toBe('{"idToken":"token-of-maya"}');
    expect(call?.init.headers).toMatchObject({ 'content-type': 'application/json' });
  });

  it("maps the server's {error, code} body to an ApiError with the status", async () => {
    fakeApi({ 'POST /api/session': () => json({ error: 'Cross-site request refused', code: 'forbidden_origin' }, 403) });
    const error = await rejection(apiRequest(endpoints.startSession));
    expect(error.toValue()).toEqual({ status: 403, code: 'forbidden_origin', message: 'Cross-site request refused' });
  });

  it('names an error without a JSON body by its status', async () => {
    fakeApi({ 'POST /api/session': () => new Response('<html>Bad gateway</html>', { status: 500 }) });
    expect((await rejection(apiRequest(endpoints.startSession))).code).toBe('http_500');
  });

  it('reports a response that breaks the contract as invalid_response', async () => {
    fakeApi({ 'GET /api/whoami': () => json({ plan: 'gold' }) });
    const error = await rejection(apiRequest(endpoints.whoami));
    expect(error).toMatchObject({ status: 200, code: 'invalid_response' });
  });

  it('maps a failed connection to code "network" and does not retry a POST', async () => {
    const api = fakeApi({ 'POST /api/session': networkFailure });
    const error = await rejection(apiRequest(endpoints.startSession));
    expect(error.toValue()).toMatchObject({ status: 0, code: 'network' });
    expect(api.fetchMock).toHaveBeenCalledTimes(1);
  });

  it('fails an answer it cannot check (the contract unreachable) as an unreachable server; the next call tries again', async () => {
    vi.stubGlobal('Worker', contractWorkerStandIn(0));
    vi.resetModules();
    const client = await import('../../src/api/index.ts');
    fakeApi({ 'POST /api/session': () => json({ uid: 'student_123' }) });
    // The modules imported anew have their own ApiError class.
    const error: unknown = await client.apiRequest(client.endpoints.startSession).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(client.ApiError);
    expect((error as ApiError).toValue()).toMatchObject({ status: 0, code: 'network' });

    vi.stubGlobal('Worker', contractWorkerStandIn());
    await expect(client.apiRequest(client.endpoints.startSession)).resolves.toEqual({ uid: 'student_123' });
  });

  it('retries a GET after network failures with backoff, then succeeds', async () => {
    vi.useFakeTimers();
    const api = fakeApi({ 'GET /api/whoami': [networkFailure, () => json({}, 503), () => json({ plan: 'free' })] });
    const result = apiRequest(endpoints.whoami);
    await vi.advanceTimersByTimeAsync(300 + 100);
    expect(api.fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(600 + 100);
    await expect(result).resolves.toEqual({ plan: 'free' });
    expect(api.fetchMock).toHaveBeenCalledTimes(3);
  });

  it('gives up on a GET after two retries', async () => {
    vi.useFakeTimers();
    const api = fakeApi({ 'GET /api/whoami': networkFailure });
    const result = rejection(apiRequest(endpoints.whoami));
    await vi.advanceTimersByTimeAsync(5000);
    expect((await result).code).toBe('network');
    expect(api.fetchMock).toHaveBeenCalledTimes(3);
  });

  it('sends an idempotent write with a new key each call, the same key on each of its own retries, or the caller’s', async () => {
    vi.useFakeTimers();
    const saved = () => json({ revision: 1, updatedAt: null });
    const api = fakeApi({ 'PUT /api/forms/me': [networkFailure, saved, saved, saved] });
    const keyOf = (n: number) => new Headers(api.calls[n]?.init.headers).get('idempotency-key');
    const body = { document: null as never, baseRevision: 0 };
    const retried = { ...endpoints.saveForm, retries: 1 };
    const first = apiRequest(retried, { body });
    await vi.runAllTimersAsync();
    await first;
    await apiRequest(endpoints.saveForm, { body });
    await apiRequest(endpoints.saveForm, { body, idempotencyKey: '0b8f5c1e-3c1a-4f43-9a55-1d2c3b4a5e6f' });
    expect(keyOf(0)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keyOf(1)).toBe(keyOf(0));
    expect(keyOf(2)).not.toBe(keyOf(0));
    expect(keyOf(3)).toBe('0b8f5c1e-3c1a-4f43-9a55-1d2c3b4a5e6f');
    // Other calls carry none.
    fakeApi({ 'GET /api/whoami': () => json({ plan: 'paid' }) });
    await apiRequest(endpoints.whoami);
    expect(new Headers(vi.mocked(fetch).mock.calls[0]?.[1]?.headers).get('idempotency-key')).toBeNull();
  });

  it('does not retry an answer the server meant, such as 404', async () => {
    const api = fakeApi({});
    expect((await rejection(apiRequest(endpoints.whoami))).toValue()).toMatchObject({ status: 404, code: 'not_found' });
    expect(api.fetchMock).toHaveBeenCalledTimes(1);
  });

  it('times out a hung request with code "timeout"', async () => {
    vi.useFakeTimers();
    fakeApi({
      'POST /api/session': ({ init }) => new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      }),
    });
    const result = rejection(apiRequest(endpoints.startSession));
    await vi.advanceTimersByTimeAsync(8000);
    expect((await result).code).toBe('timeout');
  });

  it('reports a request the caller cancelled as "aborted"', async () => {
    fakeApi({
      'GET /api/whoami': ({ init }) => new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
      }),
    });
    const controller = new AbortController();
    const result = rejection(apiRequest(endpoints.whoami, { signal: controller.signal }));
    controller.abort();
    expect((await result).code).toBe('aborted');
  });
});
