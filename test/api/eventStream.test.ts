// The essay stream's reader against the bytes a server (or a proxy in between) really sends: events cut
// anywhere by the network, line endings other than the server's own, comments, an `error` event, and a
// connection that ends before `done`. The network is faked at fetch; the response body is a real stream.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endpoints } from '../../src/api/endpoints.ts';
import { ApiError } from '../../src/api/errors.ts';
import { streamEssay } from '../../src/api/eventStream.ts';
import { fakeApi, json } from '../app/fakeApi.ts';
import { contractWorkerStandIn } from '../setup/contractWorker.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const event = (name: string, data: unknown, newline = '\n') =>
  `event: ${name}${newline}data: ${JSON.stringify(data)}${newline}${newline}`;

/** A 200 event stream whose body arrives in the given pieces of bytes. */
function streamOf(pieces: Uint8Array[]): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(piece);
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

const bytesOf = (text: string) => new TextEncoder().encode(text);
/** Every byte on its own, so each event, line and multi-byte character is cut at every possible place. */
const byteByByte = (text: string) => [...bytesOf(text)].map((byte) => Uint8Array.of(byte));

async function read(response: Response) {
  fakeApi({ 'POST /api/generate-essay': () => response });
  const texts: string[] = [];
  const answer = streamEssay(endpoints.generateEssay, { body: {} as never, onText: (text) => texts.push(text) });
  return { answer, texts };
}

const finished = { essay: 'Café lights, then “silence” 🌙.', notes: [], engine: 'offline' };

describe('the essay stream reader', () => {
  it('hands over every chunk in order and resolves with done, however the network cuts the bytes', async () => {
    const wire = event('chunk', { text: 'Café lights, ' }) + event('chunk', { text: 'then “silence” 🌙.' }) + event('done', finished);
    const { answer, texts } = await read(streamOf(byteByByte(wire)));
    await expect(answer).resolves.toEqual(finished);
    expect(texts).toEqual(['Café lights, ', 'then “silence” 🌙.']);
  });

  it('reads events whose lines end in CRLF, as a proxy may rewrite them, and skips comments', async () => {
    const wire = ': keep-alive\r\n\r\n' + event('chunk', { text: 'Café lights.' }, '\r\n') + event('done', finished, '\r\n');
    const { answer, texts } = await read(streamOf([bytesOf(wire)]));
    await expect(answer).resolves.toEqual(finished);
    expect(texts).toEqual(['Café lights.']);
  });

  it('fails with the error event’s code and words when the stream fails part way', async () => {
    const wire = event('chunk', { text: 'The first line.' }) + event('error', { error: 'The AI service timed out.', code: 'ai_timeout' });
    const { answer, texts } = await read(streamOf(byteByByte(wire)));
    const failure = await answer.then(() => null, (error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).toValue()).toEqual({ status: 502, code: 'ai_timeout', message: 'The AI service timed out.' });
    expect(texts).toEqual(['The first line.']);
  });

  it('fails as an interrupted connection when the stream ends before done', async () => {
    const wire = event('chunk', { text: 'Half an ' }) + 'event: chunk\ndata: {"text":"ess';
    const { answer, texts } = await read(streamOf([bytesOf(wire)]));
    const failure = await answer.then(() => null, (error: unknown) => error);
    expect((failure as ApiError).toValue()).toEqual({ status: 0, code: 'network', message: 'The connection was interrupted.' });
    expect(texts).toEqual(['Half an ']);
  });

  it('fails as an interrupted connection when an event does not match the contract', async () => {
    const { answer } = await read(streamOf([bytesOf(event('chunk', { words: 'no text field' }))]));
    const failure = await answer.then(() => null, (error: unknown) => error);
    expect((failure as ApiError).toValue()).toMatchObject({ status: 0, code: 'network' });
  });

  it('still names a refusal by its status when its body cannot be checked (the contract unreachable)', async () => {
    vi.stubGlobal('Worker', contractWorkerStandIn(0));
    vi.resetModules();
    const stream = await import('../../src/api/eventStream.ts');
    fakeApi({ 'POST /api/generate-essay': () => json({ error: 'Try again in an hour.', code: 'ai_rate_limited' }, 429) });
    const failure = await stream.streamEssay(endpoints.generateEssay, { body: {} as never, onText: () => {} }).catch((error: unknown) => error);
    expect((failure as ApiError).toValue()).toEqual({ status: 429, code: 'http_429', message: 'The request failed with status 429.' });
  });

  it('turns a refusal before the stream into its status, code and words', async () => {
    const { answer } = await read(json({ error: 'Try again in an hour.', code: 'ai_rate_limited' }, 429));
    const failure = await answer.then(() => null, (error: unknown) => error);
    expect((failure as ApiError).toValue()).toEqual({ status: 429, code: 'ai_rate_limited', message: 'Try again in an hour.' });
  });
});
