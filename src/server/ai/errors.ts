// The typed failures of the AI port. Routes map them to HTTP with `httpStatus` and never show `cause` to a student.

export abstract class AiError extends Error {
  abstract readonly code: string;
  /** The status a route answers with (429 rate limited, 502/504 upstream AI failure). */
  abstract readonly httpStatus: number;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The provider still answered 429 after our retries; the client waits and tries again. */
export class AiRateLimitedError extends AiError {
  readonly code = 'ai_rate_limited';
  readonly httpStatus = 429;

  constructor(
    readonly retryAfterSeconds: number,
    options?: { cause?: unknown },
  ) {
    super('The AI provider is receiving too many requests right now.', options);
  }
}

/** The provider did not answer (or stopped streaming) within the configured time. */
export class AiTimeoutError extends AiError {
  readonly code = 'ai_timeout';
  readonly httpStatus = 504;

  constructor(readonly timeoutMs: number, options?: { cause?: unknown }) {
    super(`The AI provider did not respond within ${timeoutMs} ms.`, options);
  }
}

/** Any other failure of the provider: 5xx, refused key, unreachable host, broken stream. */
export class AiUpstreamError extends AiError {
  readonly code = 'ai_upstream_error';
  readonly httpStatus = 502;

  constructor(readonly statusCode: number | undefined, options?: { cause?: unknown }) {
    super(
      statusCode === undefined ? 'The AI provider failed.' : `The AI provider failed with status ${statusCode}.`,
      options,
    );
  }
}

/** The model's structured output stayed invalid after one repair attempt. */
export class AiOutputError extends AiError {
  readonly code = 'ai_invalid_output';
  readonly httpStatus = 502;

  constructor(readonly detail: string, options?: { cause?: unknown }) {
    super(`The AI provider returned output we could not use: ${detail}`, options);
  }
}

/**
 * The server is shutting down: calls still waiting for the model are stopped before the shutdown deadline, so
 * their requests answer (503, try again: another instance takes the retry) instead of losing their connection.
 */
export class AiShutdownError extends AiError {
  readonly code = 'shutting_down';
  readonly httpStatus = 503;

  constructor() {
    super('The server is shutting down: the AI call was stopped.');
  }
}

export const isAiError = (error: unknown): error is AiError => error instanceof AiError;

/** The error an aborted call rejects with: the signal's own reason, as fetch does. */
export const abortReason = (signal: AbortSignal): unknown =>
  signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
