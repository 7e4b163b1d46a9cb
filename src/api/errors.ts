// The one error type every API call rejects with, and its serialisable form for thunks' rejectWithValue
// (Redux state and actions must stay plain data, so the class itself never reaches the store).

export type ApiErrorValue = {
  status: number;
  /** The server's own code as it came, or one the client produces: network, timeout, aborted, invalid_response. */
  code: string;
  message: string;
  /** How long the server asked us to wait before trying again (a 429's or 503's Retry-After), in seconds. */
  retryAfterSeconds?: number;
};

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly retryAfterSeconds: number | undefined;
  /** The whole error body as the server sent it (a 409's current document); never put in the store. */
  readonly body: unknown;

  constructor({ status, code, message, retryAfterSeconds }: ApiErrorValue, body?: unknown) {
    super(message);
    this.status = status;
    this.code = code;
    this.retryAfterSeconds = retryAfterSeconds;
    this.body = body;
  }

  toValue(): ApiErrorValue {
    const value: ApiErrorValue = { status: this.status, code: this.code, message: this.message };
    if (this.retryAfterSeconds !== undefined) value.retryAfterSeconds = this.retryAfterSeconds;
    return value;
  }
}

/** Anything thrown inside a thunk, as the plain value thunks reject with. */
export const toApiErrorValue = (error: unknown): ApiErrorValue => {
  if (error instanceof ApiError) return error.toValue();
  if (error instanceof Error && error.name === 'AbortError') {
    return { status: 0, code: 'aborted', message: 'The request was cancelled.' };
  }
  return { status: 0, code: 'unknown', message: error instanceof Error ? error.message : String(error) };
};

/**
 * Failures worth trying again later: no answer (network, timeout), the server busy or failing (429, 5xx).
 * Any other 4xx says the request itself is wrong, and sending it again would only fail again.
 */
export const isRetryable = (error: ApiErrorValue): boolean =>
  error.status === 0 ? error.code !== 'aborted' && error.code !== 'invalid_response'
    : error.status === 408 || error.status === 429 || error.status >= 500;

/** Failures where the request may not have reached the server, or the server could not answer for now. */
export const isTransient = (error: ApiErrorValue): boolean =>
  error.code === 'network' || error.code === 'timeout' || [502, 503, 504].includes(error.status);

/** A failed write may still have taken unless the server refused the request itself (a 4xx but 408). */
export const mayHaveTaken = (error: unknown): boolean => {
  const { status } = toApiErrorValue(error);
  return !(status >= 400 && status < 500 && status !== 408);
};
