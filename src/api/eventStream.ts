// The streamed form of an essay call: POST with `Accept: text/event-stream`, hand each `chunk` event's text to
// `onText` as it arrives, and resolve with the `done` event's answer. Failures reject with an ApiError, the
// same as every other call: a refusal before the stream (402, 429…) from its JSON body, a failure inside the
// stream from its `error` event, a cut connection as `network`.
import type { EssayResponse } from '../common/contract.ts';
import { type ContractModule, loadContract } from './contractSchemas.ts';
import type { BodyOf, Endpoint } from './endpoint.ts';
import { ApiError } from './errors.ts';

export type StreamEssayOptions<E extends Endpoint> = {
  body: BodyOf<E>;
  onText: (text: string) => void;
  signal?: AbortSignal;
};

const interrupted = () => new ApiError({ status: 0, code: 'network', message: 'The connection was interrupted.' });

export async function streamEssay<E extends Endpoint>(endpoint: E, options: StreamEssayOptions<E>): Promise<EssayResponse> {
  let contract: ContractModule;
  let response: Response;
  try {
    contract = await loadContract();
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
  if (!response.ok || !response.body) throw await refusal(contract, response);

  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) throw interrupted();
      buffer += value;
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const answer = handleEvent(contract, buffer.slice(0, end), options.onText);
        if (answer) return answer;
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf('\n\n');
      }
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (options.signal?.aborted) throw new ApiError({ status: 0, code: 'aborted', message: 'The request was cancelled.' });
    throw interrupted();
  } finally {
    reader.releaseLock();
  }
}

/** Handles one event block; returns the answer on `done`, throws on `error`. */
function handleEvent(contract: ContractModule, block: string, onText: (text: string) => void): EssayResponse | null {
  const name = /^event: (.*)$/m.exec(block)?.[1];
  const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? 'null') as unknown;
  if (name === 'chunk') {
    onText(contract.essayChunkEventSchema.parse(data).text);
    return null;
  }
  if (name === 'done') return contract.essayResponseSchema.parse(data);
  if (name === 'error') {
    const body = contract.errorBodySchema.safeParse(data);
    throw new ApiError({ status: 502, code: body.success ? body.data.code : 'stream_error', message: body.success ? body.data.error : 'The essay stream failed.' });
  }
  return null;
}

async function refusal(contract: ContractModule, response: Response): Promise<ApiError> {
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    payload = undefined;
  }
  const body = contract.errorBodySchema.safeParse(payload);
  return body.success
    ? new ApiError({ status: response.status, code: body.data.code, message: body.data.error })
    : new ApiError({ status: response.status, code: `http_${response.status}`, message: `The request failed with status ${response.status}.` });
}
