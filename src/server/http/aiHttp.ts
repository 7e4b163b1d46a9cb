// What the AI routes share: who is calling (the session cookie's uid, never a user id in the body) and how an
// engine failure reaches the browser (a typed AiError becomes its status with words a student can act on;
// the provider's own text never leaves the server).
import { setImmediate } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';
import { type AiError, AiRateLimitedError, AiShutdownError, isAiError } from '../ai/index.ts';
import { HttpError } from './errors.ts';

const STUDENT_MESSAGES: Record<number, string> = {
  429: 'The AI provider is receiving too many requests right now. Please wait a minute and try again.',
  504: 'The AI took too long to answer. Please try again.',
  502: 'The AI could not write this right now. Please try again.',
  503: 'This server is restarting. Please try again in a moment.',
};

export function aiErrorToHttp(error: AiError): HttpError {
  const message = STUDENT_MESSAGES[error.httpStatus] ?? STUDENT_MESSAGES[502] ?? '';
  const headers: Record<string, string> = error instanceof AiRateLimitedError
    ? { 'retry-after': String(Math.max(1, Math.ceil(error.retryAfterSeconds))) }
    : error instanceof AiShutdownError ? { 'retry-after': '1' } : {};
  return new HttpError(error.httpStatus, error.code, message, headers);
}

/** Aborts when the browser hangs up before the answer is complete, so the provider request stops too. */
export function disconnectSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** A failure as the browser sees it: typed engine errors mapped; a call the browser abandoned needs no answer. */
export function toRouteError(error: unknown, signal?: AbortSignal): unknown {
  if (isAiError(error)) return aiErrorToHttp(error);
  if (signal?.aborted) return new HttpError(400, 'aborted', 'The request was cancelled.');
  return error;
}

/** Runs an engine call, turning its failures into HttpErrors the error handler answers with. */
export async function callEngine<T>(work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
  // Let requests that arrived meanwhile (a health probe, another visitor) run before the engine's CPU work.
  await setImmediate();
  try {
    return await work();
  } catch (error) {
    throw toRouteError(error, signal);
  }
}
