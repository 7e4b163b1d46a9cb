// One abort signal per provider call that fires on the caller's abort or on our own timeout, and remembers
// which of the two it was, so a timeout becomes AiTimeoutError and a caller's abort stays an abort.
import { abortReason, AiTimeoutError } from '../errors.ts';

export interface Deadline {
  signal: AbortSignal;
  /** Starts (or restarts) the timer: once per call, or on every chunk for an idle timeout. */
  arm(): void;
  /** Stops the timer and aborts the call (used when the caller stops reading a stream early). */
  close(): void;
  /** The error to throw for a failure seen while this deadline was active. */
  explain(error: unknown): unknown;
}

export function createDeadline(timeoutMs: number, callerSignal?: AbortSignal): Deadline {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timedOut = false;
  const onCallerAbort = (): void => controller.abort(callerSignal ? abortReason(callerSignal) : undefined);
  if (callerSignal?.aborted) onCallerAbort();
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });

  return {
    signal: controller.signal,
    arm() {
      clearTimeout(timer);
      if (controller.signal.aborted) return;
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort(new AiTimeoutError(timeoutMs));
      }, timeoutMs);
    },
    close() {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onCallerAbort);
      if (!controller.signal.aborted) controller.abort(new DOMException('The stream was closed.', 'AbortError'));
    },
    explain(error) {
      if (timedOut) return new AiTimeoutError(timeoutMs, { cause: error });
      if (callerSignal?.aborted) return abortReason(callerSignal);
      return error;
    },
  };
}
