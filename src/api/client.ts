// The typed fetch client every thunk uses: same-origin cookies, JSON both ways,
// responses checked against the contract (off the page's thread, see contractCheck.ts), every failure mapped
// once to an ApiError, and retries with backoff only where sending twice is safe.
import { IDEMPOTENCY_KEY_HEADER } from '../common/contract/idempotencyKeyHeader.ts';
import { checkAgainst } from './contractCheck.ts';
import { newIdempotencyKey } from './idempotencyKey.ts';
import { ApiError, isTransient } from './errors.ts';
import { deviceIsHandingOver, deviceIsSignedOut, deviceSignedOut, signedOutError } from './signedOut.ts';
import type { BodyOf, Endpoint, ResponseOf } from './endpoint.ts';

export type RequestOptions<E extends Endpoint> = {
  body?: BodyOf<E>;
  query?: Record<string, string | undefined>;
  signal?: AbortSignal;
  /** Extra request headers, e.g. the operator's `authorization` (never put a token in a URL). */
  headers?: Record<string, string>;
  /** The request outlives the page (fetch's keepalive): an event sent as the student moves on still leaves. */
  keepalive?: boolean;
  /** An idempotent endpoint's key for this logical write, reused by the caller when it sends the write again. */
  idempotencyKey?: string;
  /** The one call that takes another session while the page is handed over (signedOut.ts: handOverDevice). */
  handOver?: boolean;
};

const RETRY_BASE_MS = 300;

export async function apiRequest<E extends Endpoint>(
  endpoint: E,
  options: RequestOptions<E> = {},
): Promise<ResponseOf<E>> {
  const retries = endpoint.retries ?? (endpoint.method === 'GET' ? 2 : 0);
  // One key for every attempt below: they are one write.
  const idempotencyKey = endpoint.idempotent === true ? (options.idempotencyKey ?? newIdempotencyKey()) : undefined;
  const sent = idempotencyKey === undefined ? options : { ...options, headers: { ...options.headers, [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } };
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await sendOnce(endpoint, sent);
    } catch (error) {
      const retryable = error instanceof ApiError && isTransient(error) && attempt < retries;
      if (!retryable || options.signal?.aborted) throw error;
      // Exponential backoff with a little jitter so many tabs coming back online do not retry in step.
      await sleep(RETRY_BASE_MS * 2 ** attempt + Math.random() * 100, options.signal);
    }
  }
}

async function sendOnce<E extends Endpoint>(endpoint: E, options: RequestOptions<E>): Promise<ResponseOf<E>> {
  // A signed-out device sends nothing more: not its copy, not even a read.
  if (deviceIsSignedOut() && !(options.handOver === true && deviceIsHandingOver())) throw signedOutError();
  const timer = timeoutSignal(options.signal, endpoint.timeoutMs);
  const hasBody = options.body !== undefined;
  try {
    let response: Response;
    try {
      response = await fetch(buildUrl(endpoint.path, options.query), {
        method: endpoint.method,
        credentials: 'same-origin',
        headers: {
          ...(hasBody ? { accept: 'application/json', 'content-type': 'application/json' } : { accept: 'application/json' }),
          ...options.headers,
        },
        body: hasBody ? JSON.stringify(options.body) : undefined,
        signal: timer.signal,
        ...(options.keepalive ? { keepalive: true } : {}),
      });
    } catch (error) {
      throw failureBeforeResponse(error, options.signal, timer.timedOut());
    }
    const payload = await readJson(response);
    // Told before anything else, even before the contract's check: a signed-out device erases its copy first.
    if (response.status === 401 && (payload as { code?: unknown } | undefined)?.code === 'signed_out') deviceSignedOut();
    // A failure to load the contract (offline before it was ever cached) is caught below as a network failure.
    if (!response.ok) {
      throw await errorFromStatus(response, payload);
    }
    const parsed = await checkAgainst(endpoint.response, payload);
    if (!parsed.success) {
      throw new ApiError({ status: response.status, code: 'invalid_response', message: 'The server sent an unexpected answer.' });
    }
    return parsed.data as ResponseOf<E>;
  } catch (error) {
    // Reading the body can fail the same ways as the request itself.
    throw error instanceof ApiError ? error : failureBeforeResponse(error, options.signal, timer.timedOut());
  } finally {
    timer.clear();
  }
}

const buildUrl = (path: string, query: Record<string, string | undefined> | undefined): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, value);
  const search = params.toString();
  return search === '' ? path : `${path}?${search}`;
};

const readJson = async (response: Response): Promise<unknown> => {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/** Retry-After in whole seconds (the server sends seconds, never a date); undefined when absent or unreadable. */
const retryAfter = (response: Response): number | undefined => {
  const seconds = Number(response.headers.get('retry-after') ?? Number.NaN);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds, 86_400) : undefined;
};

const errorFromStatus = async (response: Response, payload: unknown): Promise<ApiError> => {
  const { status } = response;
  const body = await checkAgainst('errorBodySchema', payload);
  const wait = retryAfter(response);
  const when = wait === undefined ? {} : { retryAfterSeconds: wait };
  return body.success
    ? new ApiError({ status, code: body.data.code, message: body.data.error, ...when }, payload)
    : new ApiError({ status, code: `http_${status}`, message: `The request failed with status ${status}.`, ...when }, payload);
};

const failureBeforeResponse = (error: unknown, callerSignal: AbortSignal | undefined, timedOut: boolean): ApiError => {
  if (callerSignal?.aborted) return new ApiError({ status: 0, code: 'aborted', message: 'The request was cancelled.' });
  if (timedOut) return new ApiError({ status: 0, code: 'timeout', message: 'The server took too long to answer.' });
  const detail = error instanceof Error ? `: ${error.message}` : '';
  return new ApiError({ status: 0, code: 'network', message: `Could not reach the server${detail}` });
};

/** The caller's signal, plus an abort after `ms` when given. */
const timeoutSignal = (callerSignal: AbortSignal | undefined, ms: number | undefined) => {
  const controller = new AbortController();
  let timedOut = false;
  const onCallerAbort = () => controller.abort();
  if (callerSignal?.aborted) controller.abort();
  callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  const timer = ms === undefined ? undefined : setTimeout(() => { timedOut = true; controller.abort(); }, ms);
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    clear: () => {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
    },
  };
};

const sleep = (ms: number, signal: AbortSignal | undefined): Promise<void> =>
  new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ApiError({ status: 0, code: 'aborted', message: 'The request was cancelled.' }));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
