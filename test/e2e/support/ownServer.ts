// A production server of a journey's own (`node dist/node/server/main.js` with its own DATA_DIR), for
// journeys where the server goes away and comes back: the run's shared server must stay up for the others.
// The browser reaches it through a link in this process that can be cut: cut, every connection is
// dropped and new ones are refused, exactly what a browser (and its service worker) meets when the server
// is down. Cutting and restoring the link is instant, where a restart costs seconds of start-up that a
// loaded machine stretches past a journey's whole time budget.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverEnv } from './serverEnv.ts';

const root = resolve(fileURLToPath(new URL('../../..', import.meta.url)));

export interface OwnServer {
  /** The address the browser uses (the link's end), which is also the server's PUBLIC_URL. */
  url: string;
  /** Starts the server (once) and opens the link. */
  start(): Promise<void>;
  /** The server goes away: open connections are dropped and new ones refused. */
  disconnect(): Promise<void>;
  /** The server is back on the same address, with the same data and cookie secret. */
  reconnect(): Promise<void>;
  /** Closes the link, stops the server (SIGKILL after 5 s) and removes its data directory. */
  dispose(): Promise<void>;
}

async function waitUntilHealthy(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode} while starting`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`The server at ${url} did not become healthy within 30 s`);
}

/** A port nobody listens on right now (asked of the OS in this process, not a child's output). */
const freePortHere = (): Promise<number> => new Promise((resolvePort, reject) => {
  const probe = createServer();
  probe.once('error', reject);
  probe.listen(0, '127.0.0.1', () => {
    const address = probe.address();
    probe.close(() => (typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port'))));
  });
});

/** A TCP link from `publicPort` to `targetPort` that can be cut and restored. */
function cuttableLink(publicPort: number, targetPort: number) {
  let listener: Server | null = null;
  const open = new Set<Socket>();
  const track = (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  };
  return {
    async open(): Promise<void> {
      if (listener) return;
      const server = createServer((client) => {
        const upstream = connect(targetPort, '127.0.0.1');
        track(client);
        track(upstream);
        const drop = () => {
          client.destroy();
          upstream.destroy();
        };
        client.on('error', drop).on('close', drop);
        upstream.on('error', drop).on('close', drop);
        client.pipe(upstream).pipe(client);
      });
      await new Promise<void>((done, fail) => {
        server.once('error', fail);
        server.listen(publicPort, '127.0.0.1', () => done());
      });
      listener = server;
    },
    async cut(): Promise<void> {
      const server = listener;
      listener = null;
      if (!server) return;
      const closed = new Promise<void>((done) => server.close(() => done()));
      open.forEach((socket) => socket.destroy());
      await closed;
    },
  };
}

export async function ownServer(): Promise<OwnServer> {
  const [publicPort, serverPort] = [await freePortHere(), await freePortHere()];
  const dataDir = mkdtempSync(join(tmpdir(), 'essay-e2e-own-'));
  const url = `http://127.0.0.1:${publicPort}`;
  const link = cuttableLink(publicPort, serverPort);
  let child: ChildProcess | null = null;

  const stopServer = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise<void>((done) => running.once('exit', () => done()));
    running.kill('SIGTERM');
    const timer = setTimeout(() => running.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };

  return {
    url,
    async start() {
      if (!child) {
        child = spawn(process.execPath, ['dist/node/server/main.js'], {
          cwd: root,
          // The browser's origin is the link's address, so that is the server's public URL.
          env: { ...process.env, ...serverEnv(serverPort, dataDir), PUBLIC_URL: url },
          stdio: ['ignore', 'ignore', 'inherit'],
        });
        await waitUntilHealthy(`http://127.0.0.1:${serverPort}`, child);
      }
      await link.open();
    },
    disconnect: () => link.cut(),
    reconnect: () => link.open(),
    async dispose() {
      await link.cut();
      await stopServer();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
