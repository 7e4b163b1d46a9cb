// Starts the real Firebase Auth emulator (firebase-tools, offline) for one test file, on free ports, with HOME
// in a temp folder so the CLI neither reads nor writes the machine's Firebase login. Anonymous users are
// signed in through the emulator's REST API, as the browser SDK does.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureFirebaseTools } from './firebaseTools.ts';

export const EMULATOR_PROJECT_ID = 'demo-test';
// The CLI is a large Node program: about ten seconds to the emulator listening on a quiet machine, more beside
// the build and the other suites, and over two minutes beside a second `npm test` on two cores. Five is "never".
const START_TIMEOUT_MS = 300_000;

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

/**
 * A POST on a connection of its own. The emulator closes a kept-alive connection after five idle seconds; on a
 * starved machine a request sent on one as it closed failed with "other side closed".
 */
function postOnNewConnection(url: string, body: unknown): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: 'POST', agent: false, headers: { 'content-type': 'application/json' } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
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
    // TMPDIR too: the emulator hub announces itself in a file named after the project in the temp folder, where
    // another run's emulator for the same demo project would find it and take it for its own.
    env: { ...process.env, HOME: home, TMPDIR: home, CI: 'true', NO_UPDATE_NOTIFIER: '1', FIREBASE_AUTH_EMULATOR_HOST: '' },
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
      const { status, text } = await postOnNewConnection(
        `http://${host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=emulator`, { returnSecureToken: true });
      if (status !== 200) throw new Error(`Anonymous sign-in failed: ${status} ${text}`);
      const body = JSON.parse(text) as { localId: string; idToken: string };
      return { uid: body.localId, idToken: body.idToken };
    },
  };
}
