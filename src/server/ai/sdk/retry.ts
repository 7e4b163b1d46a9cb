// Provider 429s are retried here (the SDK's own retries are off): exponential backoff with jitter, honouring
// Retry-After, and giving up at once when the provider asks for a wait longer than we are willing to hold a
// student's request. Then the caller gets AiRateLimitedError and the page runs its own 5-second retry.
import { AiRateLimitedError } from '../errors.ts';
import { rateLimit } from './failures.ts';

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for. */
  maxWaitMs: number;
  sleep: Sleep;
  random: () => number;
}

export const sleepFor: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

export const defaultRetryPolicy = (overrides: Partial<RetryPolicy> = {}): RetryPolicy => ({
  maxRetries: 2, baseDelayMs: 1000, maxDelayMs: 8000, maxWaitMs: 20_000, sleep: sleepFor, random: Math.random, ...overrides,
});

/** The wait before retry number `attempt` (0-based): Retry-After when given, else backoff with jitter. */
export function retryDelay(policy: RetryPolicy, attempt: number, retryAfter: number | undefined): number {
  const jitter = policy.random();
  if (retryAfter !== undefined) return retryAfter + Math.round(jitter * Math.min(250, retryAfter * 0.1));
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (jitter * ceiling) / 2);
}

/** Runs `call`, retrying it while the provider answers 429. Any other failure is rethrown untouched. */
export async function withRateLimitRetry<T>(policy: RetryPolicy, call: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      const limited = rateLimit(error);
      if (!limited) throw error;
      const tooLong = limited.waitMs !== undefined && limited.waitMs > policy.maxWaitMs;
      if (attempt >= policy.maxRetries || tooLong) {
        const seconds = limited.waitMs === undefined ? 5 : Math.max(1, Math.ceil(limited.waitMs / 1000));
        throw new AiRateLimitedError(seconds, { cause: error });
      }
      await policy.sleep(retryDelay(policy, attempt, limited.waitMs), signal);
    }
  }
}
