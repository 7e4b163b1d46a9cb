// The streamed form of an essay call: POST with `Accept: text/event-stream`, hand each `chunk` event's text to
// `onText` as it arrives, and resolve with the `done` event's answer. Failures reject with an ApiError, the
// same as every other call: a refusal before the stream (402, 429…) from its JSON body, a failure inside the
// stream from its `error` event, a cut connection as `network`.
import { type EventSourceMessage, EventSourceParserStream } from 'eventsource-parser/stream';
import type { EssayResponse } from '../common/contract/contract.ts';
import { checkAgainst } from './contractCheck.ts';
import type { Checked } from './contractSchemas.ts';
import type { BodyOf, Endpoint } from './endpoint.ts';
import { ApiError } from './errors.ts';
import { deviceIsSignedOut, deviceSignedOut, signedOutError } from './signedOut.ts';

export type StreamEssayOptions<E extends Endpoint> = {
  body: BodyOf<E>;
  onText: (text: string) => void;
  signal?: AbortSignal;
};

const interrupted = () => new ApiError({ status: 0, code: 'network', message: 'The connection was interrupted.' });

export async function streamEssay<E extends Endpoint>(endpoint: E, options: StreamEssayOptions<E>): Promise<EssayResponse> {
  if (deviceIsSignedOut()) throw signedOutError();
  let response: Response;
  try {
    response = await fetch(endpoint.path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch {
    if (options.signal?.aborted) throw new ApiError({ status: 0, code: 'aborted', message: 'The request was cancelled.' });
    throw new ApiError({ status: 0, code: 'network', message: 'Could not reach the server.' });
  }
  if (!response.ok || !response.body) {
    const error = await refusal(response);
    if (error.status === 401 && error.code === 'signed_out') deviceSignedOut();
    throw error;
  }

  // The SSE framing (lines, blank-line event ends, CR/LF/CRLF, comments) is eventsource-parser's.
  const reader = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) throw interrupted();
      const answer = await handleEvent(value, options.onText);
      if (answer) return answer;
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (options.signal?.aborted) throw new ApiError({ status: 0, code: 'aborted', message: 'The request was cancelled.' });
    throw interrupted();
  } finally {
    reader.releaseLock();
  }
}

/**
 * Handles one event; returns the answer on `done`, throws on `error`. Events are handled one at a time, in
 * order: the next is read only when this one's check has answered.
 */
async function handleEvent({ event, data }: EventSourceMessage, onText: (text: string) => void): Promise<EssayResponse | null> {
  if (event === 'chunk') {
    onText(checked(await checkAgainst('essayChunkEventSchema', JSON.parse(data))).text);
    return null;
  }
  if (event === 'done') return checked(await checkAgainst('essayResponseSchema', JSON.parse(data)));
  if (event === 'error') {
    const body = await checkAgainst('errorBodySchema', JSON.parse(data));
    throw new ApiError({ status: 502, code: body.success ? body.data.code : 'stream_error', message: body.success ? body.data.error : 'The essay stream failed.' });
  }
  return null;
}

/** A stream event the contract refuses ends the stream like a cut connection. */
function checked<T>(result: Checked<T>): T {
  if (!result.success) throw new Error('The essay stream sent an unexpected event.');
  return result.data;
}

async function refusal(response: Response): Promise<ApiError> {
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    payload = undefined;
  }
  // Without the contract (its worker's script unreachable) the status still says what went wrong.
  const body = await checkAgainst('errorBodySchema', payload).catch((): Checked<never> => ({ success: false }));
  return body.success
    ? new ApiError({ status: response.status, code: body.data.code, message: body.data.error })
    : new ApiError({ status: response.status, code: `http_${response.status}`, message: `The request failed with status ${response.status}.` });
}
