// Turns what the AI SDK and the network throw into the port's typed errors.
import { APICallError, RetryError } from 'ai';
import { AiError, AiRateLimitedError, AiUpstreamError } from '../errors.ts';

/** The provider's own error, unwrapped from the SDK's retry wrapper. */
function unwrap(error: unknown): unknown {
  return RetryError.isInstance(error) ? error.lastError : error;
}

/** Milliseconds the provider asked us to wait (Retry-After-Ms, or Retry-After in seconds or as a date). */
export function retryAfterMs(headers: Record<string, string> | undefined, now = Date.now()): number | undefined {
  if (!headers) return undefined;
  const lower = Object.fromEntries(Object.entries(headers).map(([key, value]) => [key.toLowerCase(), value]));
  const ms = Number.parseFloat(lower['retry-after-ms'] ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const header = lower['retry-after'];
  if (header === undefined) return undefined;
  const seconds = Number.parseFloat(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** For a provider 429: how long it asked us to wait (undefined when it did not say). Null for anything else. */
export function rateLimit(error: unknown): { waitMs: number | undefined } | null {
  const cause = unwrap(error);
  if (APICallError.isInstance(cause) && cause.statusCode === 429) return { waitMs: retryAfterMs(cause.responseHeaders) };
  return null;
}

/** Any failure that is not a timeout or an abort, as the port's error. */
export function toAiError(error: unknown, fallbackRetryAfterSeconds = 5): AiError {
  if (error instanceof AiError) return error;
  const cause = unwrap(error);
  if (APICallError.isInstance(cause)) {
    if (cause.statusCode === 429) {
      const wait = retryAfterMs(cause.responseHeaders);
      return new AiRateLimitedError(wait === undefined ? fallbackRetryAfterSeconds : Math.max(1, Math.ceil(wait / 1000)), { cause });
    }
    return new AiUpstreamError(cause.statusCode, { cause });
  }
  return new AiUpstreamError(undefined, { cause });
}
