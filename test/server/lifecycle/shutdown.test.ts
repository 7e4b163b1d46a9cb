// A shutdown no client can hold: a real server process receives a save whose body comes one byte a second,
// then SIGTERM. The request timeout cuts the slow upload long before SHUTDOWN_DEADLINE; with a request
// timeout longer than the deadline, the deadline closes the connection. Either way the process closes the
// database (PGlite's pid file is removed only once PGlite has closed) and exits 0.
import { existsSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { PGLITE_PID_FILE } from '../../../src/server/db/connection.ts';
import { processSteps } from '../../setup/processStep.ts';
import { Browser, type ServerProcess, startServer, stopServer } from '../serverProcess.ts';
import { migratedDataDir } from '../serverDataDir.ts';

interface SlowUpload {
  /** Everything the server sent back (a 408, or nothing before it closed the connection). */
  answer: Promise<string>;
  bytesSent(): number;
}

/** A PUT /api/forms/me whose 1,000-byte body is sent one byte a second, on a raw connection. */
async function slowUpload(server: ServerProcess, browser: Browser): Promise<SlowUpload> {
  const socket: Socket = connect(server.port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write([
    'PUT /api/forms/me HTTP/1.1', `Host: 127.0.0.1:${server.port}`, `Origin: ${server.origin}`, `Cookie: ${browser.cookie}`,
    'Content-Type: application/json', 'Content-Length: 1000', '', '',
  ].join('\r\n'));
  // The body's first byte goes with the headers, then one a second.
  socket.write('{');
  let sent = 1;
  const drip = setInterval(() => {
    if (!socket.writable) return;
    socket.write(' ');
    sent += 1;
  }, 1_000);
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  const answer = new Promise<string>((resolve) => {
    socket.once('close', () => {
      clearInterval(drip);
      resolve(received);
    });
    socket.on('error', () => undefined);
  });
  onTestFinished(() => {
    clearInterval(drip);
    socket.destroy();
  });
  return { answer, bytesSent: () => sent };
}

async function serverWithSlowUpload(env: Record<string, string>) {
  const dataDir = await migratedDataDir('essay-shutdown-');
  const server = await startServer({ env: { DATA_DIR: dataDir, LOG_LEVEL: 'info', ...env } });
  onTestFinished(async () => {
    await stopServer(server);
  });
  const browser = new Browser(server.origin);
  await browser.startSession(server);
  const upload = await slowUpload(server, browser);
  // The headers are in, and the body has begun: the save is in flight.
  while (upload.bytesSent() < 2) await new Promise((resolve) => setTimeout(resolve, 100));
  return { server, dataDir, upload };
}

const exitAfterSigterm = async (server: ServerProcess) => {
  const started = performance.now();
  server.child.kill('SIGTERM');
  const code = await server.exited;
  return { code, seconds: (performance.now() - started) / 1000 };
};

describe('SIGTERM while a client sends its body one byte a second', () => {
  it('cuts the upload at the request timeout, closes the database and exits, well before the deadline', async () => {
    const { server, dataDir, upload } = await serverWithSlowUpload({ SHUTDOWN_DEADLINE: '20s', REQUEST_TIMEOUT: '3s' });
    expect(existsSync(join(dataDir, PGLITE_PID_FILE))).toBe(true);

    const { code, seconds } = await exitAfterSigterm(server);
    expect(code).toBe(0);
    // At most the request timeout (3 s) after the request began, plus Node's 1 s check: far from the 20 s deadline.
    expect(seconds).toBeLessThan(10);
    expect(server.output()).toContain('SIGTERM received: draining (1 requests in flight)');
    expect(await upload.answer).toMatch(/^(HTTP\/1\.1 408|$)/);
    expect(upload.bytesSent()).toBeLessThan(10);
    expect(server.output()).toContain('database closed');
    expect(existsSync(join(dataDir, PGLITE_PID_FILE))).toBe(false);
  }, processSteps(3)); // the saved database, the server's start, its shutdown

  it('with a request timeout past the deadline, closes the connection at the deadline, then the database, and exits 0', async () => {
    const { server, dataDir, upload } = await serverWithSlowUpload({ SHUTDOWN_DEADLINE: '2s', REQUEST_TIMEOUT: '60s' });

    const { code, seconds } = await exitAfterSigterm(server);
    expect(code).toBe(0);
    // The deadline, not the client and not close-with-grace's last resort (which would exit 1).
    expect(seconds).toBeLessThan(6);
    expect(server.output()).toContain('requests still running at the shutdown deadline: closing their connections');
    await upload.answer;
    expect(server.output()).toContain('database closed');
    expect(existsSync(join(dataDir, PGLITE_PID_FILE))).toBe(false);
  }, processSteps(3)); // the saved database, the server's start, its shutdown
});
