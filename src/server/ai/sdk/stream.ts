// Streams a model's text straight from the provider's language model (its doStream). A 429 before the first
// token is retried like any other call; `timeoutMs` bounds the wait for the first token and every gap between
// tokens, so a long essay that keeps flowing is never cut off, but a provider that stalls is. Stopping the
// iteration aborts the request.
//
// Why not streamText: for a plain text answer without tools it only wraps the model's stream, yet it pipes every
// call through about a dozen more web-stream stages (tool handling, step recording, a tee whose unread branch
// queues every part until the call ends) and keeps the request body and each step. With hundreds of essays
// streaming at once that was most of the server's memory (about 0.6 MB per stream, live and garbage). Reading
// the model's own stream keeps one call to the provider's fetch and SSE parser and nothing else.
import type { LanguageModel } from 'ai';
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

/** A provider's model object (what createOpenAI, createAnthropic and the mock give), not a gateway id. */
type ProviderModel = Extract<LanguageModel, { specificationVersion: 'v3' }>;

function providerModel(model: LanguageModel): ProviderModel {
  if (typeof model === 'string' || model.specificationVersion !== 'v3') {
    throw new Error('Essays stream from a provider model object (AI SDK language model specification v3)');
  }
  return model;
}

/** The call's promise, or its abort: a model that does not watch the signal cannot hold the call open. */
function untilAborted<T>(signal: AbortSignal, call: PromiseLike<T>): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  let onAbort = (): void => undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([call, aborted]).finally(() => signal.removeEventListener('abort', onAbort));
}

export async function* streamModelText(settings: CallSettings, request: StreamRequest): AsyncGenerator<string> {
  const { retry } = settings;
  const model = providerModel(settings.model);
  for (let attempt = 0; ; attempt += 1) {
    const deadline = createDeadline(settings.timeoutMs, request.signal);
    let started = false;
    let waitMs: number | null = null;
    let call: ReturnType<ProviderModel['doStream']> | undefined;
    let reader: ReadableStreamDefaultReader<unknown> | undefined;
    // A model whose stream ignores the abort signal still stops: the pending read ends at once.
    const stopReading = (): void => { void reader?.cancel(deadline.signal.reason).catch(() => undefined); };
    deadline.arm();
    try {
      call = model.doStream({
        prompt: [
          { role: 'system', content: request.system },
          { role: 'user', content: [{ type: 'text', text: request.prompt }] },
        ],
        maxOutputTokens: settings.maxOutputTokens,
        abortSignal: deadline.signal,
        ...(settings.supportsSeed ? { seed: request.variant } : {}),
      });
      const { stream } = await untilAborted(deadline.signal, call);
      const partReader = stream.getReader();
      reader = partReader;
      deadline.signal.addEventListener('abort', stopReading, { once: true });
      if (deadline.signal.aborted) stopReading();
      for (;;) {
        const { done, value: part } = await partReader.read();
        if (deadline.signal.aborted) throw deadline.signal.reason ?? new DOMException('The stream was aborted.', 'AbortError');
        if (done) return;
        if (part.type === 'text-delta' && part.delta !== '') {
          started = true;
          deadline.arm();
          yield part.delta;
        } else if (part.type === 'error') {
          throw part.error;
        }
      }
    } catch (error) {
      if (request.signal?.aborted) throw abortReason(request.signal);
      const explained = deadline.explain(error);
      if (explained instanceof AiTimeoutError) throw explained;
      const limited = started ? null : rateLimit(error);
      const tooLong = limited?.waitMs !== undefined && limited.waitMs > retry.maxWaitMs;
      if (!limited || tooLong || attempt >= retry.maxRetries) throw toAiError(error);
      waitMs = retryDelay(retry, attempt, limited.waitMs);
    } finally {
      deadline.signal.removeEventListener('abort', stopReading);
      // Ends the provider's response when the caller stopped early (a no-op once the stream is done).
      if (reader) void reader.cancel().catch(() => undefined);
      // A stream that opened only after the timeout is cancelled as soon as it arrives.
      else if (call) void Promise.resolve(call).then(({ stream }) => stream.cancel()).catch(() => undefined);
      deadline.close();
    }
    await retry.sleep(waitMs ?? 0, request.signal);
  }
}
