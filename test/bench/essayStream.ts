// Essay streaming budgets, against the production server in its own process and a slow fake
// OpenAI-compatible provider in this one (so both timestamps below come from one clock):
// - the time the server adds between the provider writing its first token and the browser's first byte (≤ 5 ms);
// - the memory the server adds above its idle footprint while holding 500 concurrent streams (≤ 300 MB).
// Rate limits and caps are raised for the bench. Standalone: `npm run build && npx tsx test/bench/essayStream.ts`.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { RICH_PROFILES } from '../fixtures/profiles.ts';
import { startServer, stopBuiltServer } from '../server/serverProcess.ts';
import { formatRows, type BenchRow } from './types.ts';

const ADMIN_TOKEN = 'bench-admin-token-0123456789abcdef';
const LATENCY_RUNS = 30;
const STREAMS = 500;
const SLOW_CHUNK_MS = 250;
const SLOW_CHUNKS = 40;

interface Provider { url: string; firstTokenAt: number[]; server: Server }

/** Streams "word " tokens; `slow` spaces them out. Records when each response's first token is written. */
async function startProvider(): Promise<Provider> {
  const firstTokenAt: number[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const slow = req.headers['x-bench-slow'] === '1' || slowMode.on;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = (content: string, finish: string | null) =>
        `data: ${JSON.stringify({ id: 'b', object: 'chat.completion.chunk', created: 1, model: 'bench', choices: [{ index: 0, delta: { content }, finish_reason: finish }] })}\n\n`;
      let sent = 0;
      const total = slow ? SLOW_CHUNKS : 20;
      const send = () => {
        if (res.destroyed) return;
        if (sent === 0) firstTokenAt.push(performance.now());
        res.write(chunk(sent === 0 ? 'The ' : 'arm worked. ', null));
        sent += 1;
        if (sent < total) setTimeout(send, slow ? SLOW_CHUNK_MS : 1);
        else res.end(`${chunk('', 'stop')}data: [DONE]\n\n`);
      };
      // A pause before the first token, like a model thinking, so the server is idle when it arrives.
      setTimeout(send, 20);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, firstTokenAt, server };
}
const slowMode = { on: false };

/**
 * A clean environment, not the bench's own: with WEB_CONCURRENCY above 1 (and DATABASE_URL with REDIS_URL) the
 * spawned process would only supervise workers, and its memory would say nothing about the streams; inherited V8
 * flags (NODE_OPTIONS) would change what is measured. The server here is one process on its own PGlite.
 */
async function startStreamServer(providerUrl: string) {
  const server = await startServer({
    built: true,
    echoStderr: true,
    env: {
      STATIC_DIR: 'dist/client', WEB_CONCURRENCY: '1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'essay-bench-stream-')), ADMIN_TOKEN,
      AI_PROVIDER: 'openai-compatible', AI_BASE_URL: providerUrl, AI_MODEL: 'bench', AI_API_KEY: 'bench',
      RATE_LIMIT_MAX: '10000000', AI_RATE_LIMIT_PER_BROWSER: '10000000', AI_RATE_LIMIT_PER_IP: '10000000', AI_DAILY_CAP: '1000000000',
      AI_DAILY_BUDGET_PER_IP: '1000000000', SESSION_LIMIT_PER_IP: '10000000',
    },
  });
  return { url: server.url(''), child: server.child, server };
}

/** Resident memory of the server process and any process it started, so nothing serving is left out. */
const rssMb = (pid: number): number => {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN);
  const children = readdirSync(`/proc/${pid}/task`).flatMap((task) =>
    readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number));
  return kb / 1024 + children.reduce((sum, child) => sum + rssMb(child), 0);
};

async function paidCookie(url: string): Promise<string> {
  const session = await fetch(`${url}/api/session`, { method: 'POST' });
  const cookie = (session.headers.get('set-cookie') ?? '').split(';', 1)[0] ?? '';
  const { uid } = await session.json() as { uid: string };
  await fetch(`${url}/api/admin/entitlements`, {
    method: 'POST', headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ uid, plan: 'paid' }),
  });
  return cookie;
}

const fixture = RICH_PROFILES[0]!;
const essayBody = JSON.stringify({
  formData: fixture.form, selectedPrompt: fixture.prompt, selectedIdea: fixture.idea, followUpResponses: fixture.followUpResponses,
});

/**
 * Opens one streamed essay; resolves with the time its first body byte arrived and, later, when it ended.
 * `done` rejects unless the answer was a 200 event stream that ended with its `done` event, so a refused or
 * broken stream (which would hold no memory) cannot pass for one that was open.
 */
function openStream(url: string, cookie: string): { firstByte: Promise<number>; done: Promise<void>; ended: () => boolean } {
  let onFirst: (at: number) => void = () => undefined;
  let ended = false;
  const firstByte = new Promise<number>((resolve) => { onFirst = resolve; });
  const done = new Promise<void>((resolve, reject) => {
    const req = httpRequest(`${url}/api/generate-essay`, {
      method: 'POST', agent: false,
      headers: { cookie, 'content-type': 'application/json', accept: 'text/event-stream', 'content-length': Buffer.byteLength(essayBody) },
    }, (res) => {
      let first = true;
      let finished = false;
      let carry = '';
      res.setEncoding('utf8');
      res.on('data', (text: string) => {
        if (first) { first = false; onFirst(performance.now()); }
        finished ||= (carry + text).includes('event: done\n');
        carry = text.slice(-16);
      });
      res.on('end', () => {
        ended = true;
        if (res.statusCode === 200 && finished) resolve();
        else reject(new Error(`An essay stream answered ${res.statusCode ?? '?'} and ended without its done event (${carry})`));
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(essayBody);
  });
  return { firstByte, done, ended: () => ended };
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

export async function benchEssayStream(): Promise<BenchRow[]> {
  const provider = await startProvider();
  const { url, child, server } = await startStreamServer(provider.url);
  try {
    const cookie = await paidCookie(url);
    const added: number[] = [];
    for (let run = 0; run < LATENCY_RUNS; run += 1) {
      const stream = openStream(url, cookie);
      const firstByteAt = await stream.firstByte;
      added.push(firstByteAt - (provider.firstTokenAt.at(-1) ?? Number.NaN));
      await stream.done;
    }
    const latency = median(added.slice(5));

    const cookies: string[] = [];
    for (let i = 0; i < 50; i += 1) cookies.push(await paidCookie(url));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idle = rssMb(child.pid ?? 0);
    slowMode.on = true;
    const streams = Array.from({ length: STREAMS }, (_, i) => openStream(url, cookies[i % cookies.length] ?? cookie));
    await Promise.all(streams.map((s) => s.firstByte));
    // Every stream has started and none has ended: the server is holding all of them from here on.
    const open = streams.filter((s) => !s.ended()).length;
    if (open !== STREAMS) throw new Error(`Only ${open} of ${STREAMS} essay streams were open at once`);
    let peak = rssMb(child.pid ?? 0);
    const sampler = setInterval(() => { peak = Math.max(peak, rssMb(child.pid ?? 0)); }, 200);
    await Promise.all(streams.map((s) => s.done));
    clearInterval(sampler);
    const extra = peak - idle;
    return [
      { name: 'essay stream: server-added time, provider first token → browser first byte (median)', value: Number(latency.toFixed(2)), unit: 'ms', budget: '≤ 5 ms', pass: latency <= 5 },
      { name: `essay stream: server memory above idle (${idle.toFixed(0)} MB) with ${STREAMS} concurrent streams`, value: Math.round(extra), unit: 'MB', budget: '≤ 300 MB', pass: extra <= 300 },
    ];
  } finally {
    await stopBuiltServer(server);
    provider.server.closeAllConnections();
    provider.server.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rows = await benchEssayStream();
  console.log(formatRows(rows));
  if (rows.some((row) => !row.pass)) process.exitCode = 1;
}
