// Streams a model's text through streamText. A 429 before the first token is retried like any other call;
// `timeoutMs` bounds the wait for the first token and every gap between tokens, so a long essay that keeps
// flowing is never cut off, but a provider that stalls is. Stopping the iteration aborts the request.
import { streamText } from 'ai';
import { abortReason, AiTimeoutError } from '../errors.ts';
import type { CallSettings } from './call.ts';
import { createDeadline } from './deadline.ts';
import { rateLimit, toAiError } from './failures.ts';
import { retryDelay } from './retry.ts';

export interface StreamRequest {
  system: string;
  prompt: string;
  variant: number;
  signal?: AbortSignal;
}

export async function* streamModelText(settings: CallSettings, request: StreamRequest): AsyncGenerator<string> {
  const { retry } = settings;
  for (let attempt = 0; ; attempt += 1) {
    const deadline = createDeadline(settings.timeoutMs, request.signal);
    let started = false;
    let waitMs: number | null = null;
    deadline.arm();
    try {
      const result = streamText({
        model: settings.model,
        system: request.system,
        prompt: request.prompt,
        maxOutputTokens: settings.maxOutputTokens,
        maxRetries: 0,
        abortSignal: deadline.signal,
        ...(settings.supportsSeed ? { seed: request.variant } : {}),
        // Errors arrive as stream parts and are handled below; the default handler would only log them.
        onError: () => undefined,
      });
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta' && part.text !== '') {
          started = true;
          deadline.arm();
          yield part.text;
        } else if (part.type === 'error') {
          throw part.error;
        } else if (part.type === 'abort') {
          throw deadline.signal.reason ?? new DOMException('The stream was aborted.', 'AbortError');
        }
      }
      return;
    } catch (error) {
      if (request.signal?.aborted) throw abortReason(request.signal);
      const explained = deadline.explain(error);
      if (explained instanceof AiTimeoutError) throw explained;
      const limited = started ? null : rateLimit(error);
      const tooLong = limited?.waitMs !== undefined && limited.waitMs > retry.maxWaitMs;
      if (!limited || tooLong || attempt >= retry.maxRetries) throw toAiError(error);
      waitMs = retryDelay(retry, attempt, limited.waitMs);
    } finally {
      deadline.close();
    }
    await retry.sleep(waitMs ?? 0, request.signal);
  }
}
