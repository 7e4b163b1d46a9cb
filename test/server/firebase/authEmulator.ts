// Starts the real Firebase Auth emulator (firebase-tools, offline) for one test file, on free ports, with HOME
// in a temp folder so the CLI neither reads nor writes the machine's Firebase login. Anonymous users are
// signed in through the emulator's REST API, as the browser SDK does.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureFirebaseTools } from './firebaseTools.ts';

export const EMULATOR_PROJECT_ID = 'demo-test';
// A Java process: ten seconds on a quiet machine, more beside the build and the other suites. Two minutes is "never".
const START_TIMEOUT_MS = 120_000;

export interface AuthEmulator {
  /** host:port, as FIREBASE_AUTH_EMULATOR_HOST takes it. */
  host: string;
  signInAnonymously(): Promise<{ uid: string; idToken: string }>;
  stop(): Promise<void>;
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

async function waitUntilReady(host: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The Auth emulator exited (code ${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`http://${host}/`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The Auth emulator did not start within ${START_TIMEOUT_MS / 1000} s:\n${output()}`);
}

export async function startAuthEmulator(): Promise<AuthEmulator> {
  const cli = ensureFirebaseTools((line) => console.log(line));
  // Made here rather than with tempDir(): this runs in beforeAll, outside any one test.
  const home = mkdtempSync(join(tmpdir(), 'firebase-home-'));
  const [auth, hub, logging] = [await freePort(), await freePort(), await freePort()];
  const host = `127.0.0.1:${auth}`;
  writeFileSync(join(home, 'firebase.json'), JSON.stringify({
    emulators: {
      auth: { host: '127.0.0.1', port: auth },
      hub: { host: '127.0.0.1', port: hub },
      logging: { host: '127.0.0.1', port: logging },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  }));
  const child = spawn(cli, ['emulators:start', '--only', 'auth', '--project', EMULATOR_PROJECT_ID], {
    cwd: home,
    env: { ...process.env, HOME: home, CI: 'true', NO_UPDATE_NOTIFIER: '1', FIREBASE_AUTH_EMULATOR_HOST: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = async () => {
    if (child.exitCode === null) {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGINT');
      });
    }
    rmSync(home, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(host, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    host,
    stop,
    async signInAnonymously() {
      const response = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=emulator`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ returnSecureToken: true }),
      });
      if (!response.ok) throw new Error(`Anonymous sign-in failed: ${response.status} ${await response.text()}`);
      const body = (await response.json()) as { localId: string; idToken: string };
      return { uid: body.localId, idToken: body.idToken };
    },
  };
}
