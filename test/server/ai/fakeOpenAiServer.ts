// A local fake of an OpenAI-compatible `/v1/chat/completions` on 127.0.0.1 and a random port: JSON for
// `stream: false`, SSE chunks for streams. By default it answers like a plausible model built from the fenced
// student data; tests queue scripted replies (429s, 500s, hangs, malformed JSON, over-long essays) ahead of that.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { plausibleEssay, plausibleJson } from './fakeModelOutput.ts';

export interface ChatRequest {
  model: string;
  messages: Array<{ role: string; content: unknown }>;
  stream?: boolean;
  seed?: number;
  max_tokens?: number;
  response_format?: { type: string; json_schema?: { name?: string } };
}

export interface RecordedRequest {
  headers: IncomingHttpHeaders;
  raw: string;
  body: ChatRequest;
  /** True when the client hung up before the reply was complete (an abort reached the provider). */
  closedEarly: boolean;
}

export type Reply =
  | { kind: 'plausible' }
  | { kind: 'json'; content: string }
  | { kind: 'sse'; chunks: string[]; delayMs?: number; hangAfter?: boolean }
  | { kind: 'status'; status: number; headers?: Record<string, string>; message?: string }
  | { kind: 'hang' };

export interface FakeOpenAiServer {
  baseURL: string;
  requests: RecordedRequest[];
  enqueue(...replies: Reply[]): void;
  reset(): void;
  close(): Promise<void>;
}

const chunkEvent = (model: string, delta: Record<string, string>, finish: string | null): string =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 1_700_000_000, model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  })}\n\n`;

function sendJson(res: ServerResponse, model: string, content: string): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify({
    id: 'chatcmpl-fake', object: 'chat.completion', created: 1_700_000_000, model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 100, completion_tokens: 100, total_tokens: 200 },
  }));
}

async function sendSse(res: ServerResponse, model: string, reply: Extract<Reply, { kind: 'sse' }>): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.write(chunkEvent(model, { role: 'assistant', content: '' }, null));
  for (const chunk of reply.chunks) {
    if (res.destroyed) return;
    res.write(chunkEvent(model, { content: chunk }, null));
    if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
  }
  if (reply.hangAfter) return;
  res.write(chunkEvent(model, {}, 'stop'));
  res.end('data: [DONE]\n\n');
}

/** Splits text into model-like tokens: a word and its following space. */
export const tokens = (text: string): string[] => text.match(/\S+\s*/g) ?? [];

export async function startFakeOpenAiServer(): Promise<FakeOpenAiServer> {
  const requests: RecordedRequest[] = [];
  let queue: Reply[] = [];

  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (data: Buffer) => { raw += data.toString('utf8'); });
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as ChatRequest;
      const record: RecordedRequest = { headers: req.headers, raw, body, closedEarly: false };
      requests.push(record);
      res.on('close', () => { if (!res.writableFinished) record.closedEarly = true; });
      const reply = queue.shift() ?? { kind: 'plausible' };
      const model = body.model ?? 'fake-model';
      switch (reply.kind) {
        case 'hang':
          return;
        case 'status':
          res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
          res.end(JSON.stringify({ error: { message: reply.message ?? `fake error ${reply.status}`, type: 'fake', code: reply.status } }));
          return;
        case 'json':
          sendJson(res, model, reply.content);
          return;
        case 'sse':
          void sendSse(res, model, reply);
          return;
        case 'plausible':
          if (body.stream) void sendSse(res, model, { kind: 'sse', chunks: tokens(plausibleEssay(body)) });
          else sendJson(res, model, plausibleJson(body));
      }
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...replies) => { queue.push(...replies); },
    reset: () => { requests.length = 0; queue = []; },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
