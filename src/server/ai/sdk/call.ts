// The settings every provider call shares, and the wrapper that gives one call its timeout, its 429 retries
// and typed errors.
import type { LanguageModel } from 'ai';
import { abortReason } from '../errors.ts';
import { createDeadline, type Deadline } from './deadline.ts';
import { toAiError } from './failures.ts';
import { withRateLimitRetry, type RetryPolicy } from './retry.ts';

export interface CallSettings {
  model: LanguageModel;
  timeoutMs: number;
  maxOutputTokens: number;
  retry: RetryPolicy;
  /** Whether the provider accepts a sampling seed (the variant number is passed as one). */
  supportsSeed: boolean;
}

/**
 * Runs one provider call with its own timeout per attempt and 429 retries. Rejects with the caller's abort
 * reason when the caller aborted, AiTimeoutError on a timeout, and another AiError for anything else.
 */
export async function runCall<T>(
  settings: CallSettings, signal: AbortSignal | undefined, attempt: (deadline: Deadline) => Promise<T>,
): Promise<T> {
  try {
    return await withRateLimitRetry(settings.retry, async () => {
      const deadline = createDeadline(settings.timeoutMs, signal);
      deadline.arm();
      try {
        return await attempt(deadline);
      } catch (error) {
        throw deadline.explain(error);
      } finally {
        deadline.close();
      }
    }, signal);
  } catch (error) {
    if (signal?.aborted) throw abortReason(signal);
    throw toAiError(error);
  }
}
