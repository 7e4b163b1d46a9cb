// The one error handler: every failure leaves as `{ error, code }` with its status. Validation failures say
// which field is wrong and why; anything unexpected becomes a 500 that reveals nothing of the server. A
// refusal made while the body is still arriving waits until it has (up to 4 MiB past the limit), so the client
// reads the answer instead of a reset connection (body/unreadBody.ts).
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { discardUnreadBody } from '../body/unreadBody.ts';
import { DatabaseUnavailableError, UnreplicatedCommitError } from '../db/databaseFailures.ts';
import { HttpError, INTERNAL_ERROR_MESSAGE } from '../http/errors.ts';
import { describeValidationErrors } from '../http/validationMessages.ts';

export interface ErrorHandlerOptions {
  bodyLimitBytes: number;
}

/**
 * PostgreSQL's (and PGlite's) SQLSTATEs for text it cannot take: 22021 a byte sequence invalid in UTF-8 (NUL),
 * 22P05 a character it cannot translate (`\u0000` in jsonb), 22P02 text that does not parse as its type
 * (a lone surrogate escape in jsonb).
 */
const DATABASE_TEXT_ERRORS: ReadonlySet<string> = new Set(['22021', '22P05', '22P02']);

/**
 * A database too slow to answer: a statement cancelled by PostgreSQL's statement_timeout (57014), no pooled
 * connection free in time, a new connection not made in time, or no answer at all within the client's own
 * timeout. The request may well succeed a moment later, so it is a 503 the browser retries, never a 500.
 */
const DATABASE_TIMEOUT_MESSAGES = [
  'timeout exceeded when trying to connect', 'Connection terminated due to connection timeout', 'Query read timeout',
];

const DATABASE_RETRY_AFTER_SECONDS = 5;

const isDatabaseTimeout = (code: string | undefined, message: string | undefined): boolean =>
  code === '57014' || (message !== undefined && DATABASE_TIMEOUT_MESSAGES.includes(message));

const formatBytes = (bytes: number): string =>
  bytes >= 1024 * 1024 ? `${+(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.round(bytes / 1024)} KB`;

/** Maps an error to the HttpError the client sees, or null when it is unexpected (a 500). */
export function toHttpError(error: unknown, bodyLimitBytes: number): HttpError | null {
  if (error instanceof HttpError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    return new HttpError(400, 'invalid_request', describeValidationErrors(error.validation, error.validationContext));
  }
  const { code, statusCode, message } = (error ?? {}) as Partial<FastifyError>;
  if (isDatabaseTimeout(code, message)) {
    const message = 'The database is taking too long to answer. Please try again in a moment.';
    return HttpError.retryLater('database_busy', message, DATABASE_RETRY_AFTER_SECONDS, 503);
  }
  // A failover under way (the primary gone, shutting down or read-only): another try finds the new primary.
  if (error instanceof DatabaseUnavailableError) {
    const message = 'The database is switching to its standby. Please try again in a moment.';
    return HttpError.retryLater('database_unavailable', message, DATABASE_RETRY_AFTER_SECONDS, 503);
  }
  // Committed on the primary alone: never told as saved, since losing that one machine would lose it.
  if (error instanceof UnreplicatedCommitError) {
    const message = 'The save could not be confirmed on two database machines. Please try again in a moment.';
    return HttpError.retryLater('not_replicated', message, DATABASE_RETRY_AFTER_SECONDS, 503);
  }
  // The database refusing a text it cannot encode is the request's fault, never the server's.
  if (code !== undefined && DATABASE_TEXT_ERRORS.has(code)) {
    return new HttpError(400, 'invalid_text', 'The request holds text that cannot be stored (a NUL character or half of an emoji).');
  }
  switch (code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new HttpError(400, 'invalid_json', 'The request body is not valid JSON.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new HttpError(413, 'payload_too_large', `The request body is too large: the limit is ${formatBytes(bodyLimitBytes)}.`);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new HttpError(415, 'unsupported_media_type', 'This request body type is not accepted: send application/json.');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new HttpError(400, 'invalid_request', 'The Content-Length header does not match the request body.');
    default:
      break;
  }
  if (statusCode === 429) return new HttpError(429, 'rate_limited', 'Too many requests. Please wait a minute and try again.');
  // Other client errors Fastify raises itself (a malformed URL and the like): the status, in plain words.
  if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) {
    return new HttpError(statusCode, 'bad_request', 'The request could not be understood.');
  }
  return null;
}

async function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply, bodyLimitBytes: number) {
  // A route may set its own body limit (PUT /api/forms/me): the message names the one that applied.
  const limit = request.routeOptions.bodyLimit ?? bodyLimitBytes;
  const known = toHttpError(error, limit);
  if (!(await discardUnreadBody(request.raw, limit))) reply.header('connection', 'close');
  if (!known) {
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({ error: INTERNAL_ERROR_MESSAGE, code: 'internal' });
  }
  if (known.statusCode >= 500) request.log.error({ err: error }, known.code);
  return reply.code(known.statusCode).headers(known.headers).send({ error: known.message, code: known.code });
}

async function errorHandler(app: FastifyInstance, options: ErrorHandlerOptions): Promise<void> {
  app.setErrorHandler((error, request, reply) => sendError(error, request, reply, options.bodyLimitBytes));
}

export default fp(errorHandler, { name: 'error-handler' });
