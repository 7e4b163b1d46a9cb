// The one error shape every handler and plugin uses: `{ error, code }` with its HTTP status.
export class HttpError extends Error {
  override readonly name = 'HttpError';

  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }

  /** A refusal the client may try again `seconds` later (Retry-After): a 429 unless another status is given. */
  static retryLater(code: string, message: string, seconds: number, status = 429): HttpError {
    return new HttpError(status, code, message, { 'retry-after': String(seconds) });
  }
}

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';
