// Answers an essay call (personal statement or supplemental) either as plain JSON `{essay}` or, when the
// browser sends `Accept: text/event-stream`, as Server-Sent Events written as the engine produces them.
// The first chunk is awaited before anything is sent, so a failure to start (429, 504, 502) still answers with
// its real status; after that a failure ends the stream with an `error` event. text/event-stream is not
// compressed (@fastify/compress leaves it alone) and every event is written straight to the socket.
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EssayResponse } from '../../common/contract/contract.ts';
import { INTERNAL_ERROR_MESSAGE } from './errors.ts';
import { HttpError } from './errors.ts';
import { toRouteError } from './aiHttp.ts';

export const wantsEventStream = (request: FastifyRequest): boolean =>
  (request.headers.accept ?? '').includes('text/event-stream');

const event = (name: string, data: unknown): string => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;

export interface EssayAnswer {
  chunks: AsyncIterable<string>;
  signal: AbortSignal;
  /** The JSON answer (and the stream's `done` event) for the finished essay text. */
  finish(essay: string): EssayResponse | Promise<EssayResponse>;
  /** Called when no essay could be written at all (e.g. to give a quota back). */
  onFailure?(): Promise<void>;
}

export async function answerEssay(request: FastifyRequest, reply: FastifyReply, answer: EssayAnswer) {
  const iterator = answer.chunks[Symbol.asyncIterator]();
  let first: IteratorResult<string>;
  try {
    first = await iterator.next();
  } catch (error) {
    await answer.onFailure?.();
    throw toRouteError(error, answer.signal);
  }
  if (!wantsEventStream(request)) {
    let essay = first.done ? '' : first.value;
    try {
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) essay += next.value;
    } catch (error) {
      await answer.onFailure?.();
      throw toRouteError(error, answer.signal);
    }
    return answer.finish(essay);
  }

  const stream = new PassThrough();
  reply
    .header('content-type', 'text/event-stream; charset=utf-8')
    .header('cache-control', 'no-store')
    // Proxies such as nginx would otherwise buffer the stream until it ends.
    .header('x-accel-buffering', 'no');
  void pump(request, stream, iterator, first, answer);
  return reply.send(stream);
}

async function pump(
  request: FastifyRequest,
  stream: PassThrough,
  iterator: AsyncIterator<string>,
  first: IteratorResult<string>,
  answer: EssayAnswer,
): Promise<void> {
  let essay = '';
  try {
    for (let next = first; !next.done; next = await iterator.next()) {
      essay += next.value;
      stream.write(event('chunk', { text: next.value }));
    }
    stream.write(event('done', await answer.finish(essay)));
  } catch (error) {
    const known = toRouteError(error, answer.signal);
    if (!(known instanceof HttpError)) request.log.error({ err: error }, 'essay stream failed');
    if (essay === '') await answer.onFailure?.().catch(() => undefined);
    const body = known instanceof HttpError
      ? { error: known.message, code: known.code }
      : { error: INTERNAL_ERROR_MESSAGE, code: 'internal' };
    if (!answer.signal.aborted) stream.write(event('error', body));
  } finally {
    stream.end();
  }
}
