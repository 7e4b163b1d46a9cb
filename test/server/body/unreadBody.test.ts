// A refusal the client can read: a body over its route's limit (or any body on a route that takes none) is read
// to its end, up to 4 MiB past the limit, before the 413 is sent, so a client still sending gets the answer and
// not a reset connection; a body declared larger than that is not read, and the answer closes the connection.
// Over real HTTP: Node's fetch against a server in its own process (in this one, the client cannot send while
// the server answers, and the race is never run), and a raw socket for the body that is too large.
import { connect } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { MIB } from '../../../src/server/limits/budgets.ts';
import { READ_PAST_LIMIT_BYTES } from '../../../src/server/body/unreadBody.ts';
import { testDatabases } from '../databases.ts';
import { buildTestApp } from '../helper.ts';
import { listen } from '../hostile/httpClient.ts';
import { startServer, stopServer } from '../serverProcess.ts';
import { migratedDataDir } from '../serverDataDir.ts';
import { processSteps } from '../../setup/processStep.ts';

const [pglite] = testDatabases;
const THREE_MB = 3 * 1000 * 1000;

const jsonOf = (bytes: number): string => `{"message":"${'a'.repeat(bytes - 14)}"}`;

/** Sends a body and reads the answer; a failed fetch (a reset connection) is reported, not thrown. */
async function post(url: string, body: string | ReadableStream<Uint8Array>, method = 'POST'): Promise<{ status: number; json?: unknown } | { failed: string }> {
  try {
    const response = await fetch(url, {
      method, headers: { 'content-type': 'application/json' }, body, ...(typeof body === 'string' ? {} : { duplex: 'half' }),
    } as RequestInit);
    return { status: response.status, json: await response.json() };
  } catch (error) {
    return { failed: String((error as Error).cause ?? error) };
  }
}

/** The same text as a stream of 64 KB pieces: fetch sends it chunked, with no Content-Length. */
function streamed(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) controller.close();
      else controller.enqueue(bytes.subarray(at, (at += 64 * 1024)));
    },
  });
}

describe('a body over the limit', () => {
  it('is answered 413 with the JSON error, 4 times of 4, declared or chunked, on a route with a limit or none', async () => {
    const server = await startServer({ env: { DATA_DIR: await migratedDataDir('essay-413-') } });
    onTestFinished(async () => {
      await stopServer(server);
    });
    const base = server.url('');
    const answers = [];
    for (let attempt = 0; attempt < 4; attempt += 1) answers.push(await post(`${base}/api/feedback/submit`, jsonOf(THREE_MB)));
    answers.push(await post(`${base}/api/feedback/submit`, streamed(jsonOf(THREE_MB))));
    expect(answers).toEqual(Array.from({ length: 5 }, () => ({ status: 413, json: expect.objectContaining({ code: 'payload_too_large' }) })));
    // A route that takes no body refuses one before reading it, and reads it all the same.
    expect(await post(`${base}/api/session`, jsonOf(THREE_MB), 'DELETE')).toEqual({ status: 413, json: expect.objectContaining({ code: 'body_not_accepted' }) });
    // The server still answers on.
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  }, processSteps(2)); // the saved database, the server's start

  it('declared more than 4 MiB past the limit is not read: the answer closes the connection', async () => {
    const { app } = await buildTestApp(pglite!);
    const { port } = new URL(await listen(app));
    // Far more than the system's socket buffers hold, so that sending it all would mean the server read it.
    const declared = 64 * MIB;
    expect(declared).toBeGreaterThan(MIB + READ_PAST_LIMIT_BYTES);
    const socket = connect(Number(port), '127.0.0.1');
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.on('error', () => undefined);
    socket.write(`POST /api/feedback/submit HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n`);
    // Keeps sending until the server has closed the connection (or the whole body is sent, which fails the test).
    let sent = 0;
    const piece = Buffer.alloc(64 * 1024, 'a');
    while (sent < declared && !socket.destroyed) {
      if (!socket.write(piece)) await new Promise((resolve) => socket.once('drain', resolve).once('close', resolve));
      sent += piece.length;
    }
    await closed;
    // Whether the 413 itself arrives is a race with the reset the unread bytes cause: the point is the close.
    expect(sent).toBeLessThan(declared);
  });
});
