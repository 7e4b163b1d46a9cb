// A production server of a journey's own (`node dist/node/server/main.js` on a free port with its own
// DATA_DIR), for journeys that stop and start the server: the run's shared server must stay up for the
// others. Stopping and starting again keeps the port, the data and the cookie secret, as a restart would.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from '@playwright/test';
import { PROCESS_STEP_MS } from '../../setup/processStep.ts';
import { emptyDatabaseInto } from './emptyDatabase.ts';
import { serverEnv } from './serverEnv.ts';

const root = resolve(fileURLToPath(new URL('../../..', import.meta.url)));

export interface OwnServer {
  url: string;
  start(): Promise<void>;
  /** SIGTERM, and SIGKILL if it has not exited within 5 s. */
  stop(): Promise<void>;
  /** Stops it and removes its data directory. */
  dispose(): Promise<void>;
}

// A production start (the database, the migrations, the app, its warm-up): seconds alone, over 30 s beside a
// second `npm test` on two cores. One process step's bound, as the server suites give a start.
const START_TIMEOUT_MS = PROCESS_STEP_MS;

async function waitUntilHealthy(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode} while starting`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`The server at ${url} did not become healthy within ${START_TIMEOUT_MS / 1000} s`);
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

/** `env` overrides the run's server environment; an empty string unsets a variable (as the server reads it). */
export async function ownServer(options: { env?: Record<string, string> } = {}): Promise<OwnServer> {
  const port = await freePortHere();
  const dataDir = mkdtempSync(join(tmpdir(), 'essay-e2e-own-'));
  emptyDatabaseInto(dataDir);
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;

  const stop = async () => {
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
      if (child) return;
      // The start has its own time, as a seeded student's walk does: the journey's (or hook's) budget is for itself.
      const info = test.info();
      if (info.timeout > 0) info.setTimeout(info.timeout + START_TIMEOUT_MS);
      child = spawn(process.execPath, ['dist/node/server/main.js'], {
        cwd: root,
        env: { ...process.env, ...serverEnv(port, dataDir), ...options.env },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      await waitUntilHealthy(url, child);
    },
    stop,
    async dispose() {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
