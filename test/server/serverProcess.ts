// The real server as a child process (src/server/main.ts, compiled: compiledServer.ts), for tests that need what
// only a process has: signals, kill -9, several instances side by side, system calls seen by strace.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type FormDocument } from '../../src/common/questionnaire/formDocument.ts';
import { emptyFormDocument } from '../../src/common/questionnaire/formDocumentDefaults.ts';
import { compiledServerDir } from './compiledServer.ts';
import { PROCESS_STEP_MS } from '../setup/processStep.ts';
import { TEST_COOKIE_SECRET } from './helper.ts';

/**
 * How a test runs one of the server's programs as its own process: compiled (compiledServer.ts), with V8's
 * baseline WebAssembly compiler only. Such a server lives for seconds; optimising PGlite's WebAssembly in the
 * background, as V8 otherwise does, costs it more CPU time than its few queries get back.
 * `program` is its path under src/ without the extension: 'server/main', 'server/backup/cli'.
 */
export const serverCommand = (program: string): string[] =>
  [process.execPath, '--liftoff-only', join(compiledServerDir(), `${program}.js`)];

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** The origin requests come from and the server believes is its own (PUBLIC_URL). */
  origin: string;
  url(path: string): string;
  output(): string;
  /** Resolves with the exit code (or the signal's name) when the process ends. */
  exited: Promise<number | string>;
}

export interface StartOptions {
  env?: Record<string, string>;
  /** Run under `strace -f --seccomp-bpf -e trace=<calls> -o <file>` (Debian's strace). */
  strace?: { calls: string; outputFile: string };
  /** Where the server believes it runs (PUBLIC_URL); default its own address. Instances behind one name share it. */
  publicUrl?: string;
  /** Run the production build (`dist/node/server/main.js`, from `npm run build`) instead of the suites' own compile. */
  built?: boolean;
  /** Start from this process's environment instead of a clean one (a bench passes its caller's settings on). */
  inheritEnv?: boolean;
  /** Also copy the server's stderr to this process's stderr as it comes, so its warnings show in a bench's log. */
  echoStderr?: boolean;
}

/** Servers started here and not yet exited: ended with this process, however it ends. */
const running = new Set<ChildProcess>();
let exitGuarded = false;

/**
 * A server runs in a process group of its own, so a Ctrl-C in the terminal (sent to the terminal's group) or a
 * kill of this process would not reach it: end every running server's group when this process exits, and on
 * SIGINT, SIGTERM and SIGHUP when nothing else handles them (then die of the same signal, as before).
 */
function guardExit(): void {
  if (exitGuarded) return;
  exitGuarded = true;
  const endAll = () => {
    for (const child of running) signalGroup(child, 'SIGKILL');
  };
  process.on('exit', endAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    if (process.listenerCount(signal) > 0) continue;
    process.once(signal, () => {
      endAll();
      process.kill(process.pid, signal);
    });
  }
}

/** Starts the server and waits until `GET /api/health` answers 200 (one process step: PROCESS_STEP_MS). */
export async function startServer(options: StartOptions = {}): Promise<ServerProcess> {
  const port = await freePort();
  const origin = options.publicUrl ?? `http://127.0.0.1:${port}`;
  const env = {
    ...(options.inheritEnv ? process.env : {}),
    PATH: process.env.PATH ?? '',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: origin,
    NODE_ENV: 'test',
    COOKIE_SECRET: TEST_COOKIE_SECRET,
    LOG_LEVEL: 'warn',
    STATIC_DIR: '/nonexistent-static-dir',
    ...options.env,
  };
  const node = options.built
    ? [process.execPath, '--liftoff-only', 'dist/node/server/main.js']
    : serverCommand('server/main');
  // --seccomp-bpf: the kernel stops the server only at the traced calls, not at every system call (which
  // doubled the time a server took to start); where it cannot, strace traces as before.
  const command = options.strace
    ? ['strace', '-f', '--seccomp-bpf', '-qq', '-e', `trace=${options.strace.calls}`, '-o', options.strace.outputFile, ...node]
    : node;
  // A process group of its own, so stopServer ends the server with whatever wraps it: killing strace alone
  // detaches it from the server, which would then run on after the suite.
  guardExit();
  const child = spawn(command[0] ?? '', command.slice(1), { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  running.add(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (options.echoStderr) process.stderr.write(chunk);
  });
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve(code ?? signal ?? 'unknown');
    });
  });
  const server: ServerProcess = {
    child, port, origin, exited,
    url: (path) => `http://127.0.0.1:${port}${path}`,
    output: () => output,
  };
  const started = Date.now();
  for (;;) {
    const exit = await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 150, 'waiting'))]);
    if (exit !== 'waiting') throw new Error(`The server exited (${String(exit)}) before serving:\n${output}`);
    const health = await fetch(server.url('/api/health')).catch(() => undefined);
    if (health?.status === 200) return server;
    if (Date.now() - started > PROCESS_STEP_MS) {
      signalGroup(child, 'SIGKILL');
      throw new Error(`The server did not become healthy within ${PROCESS_STEP_MS / 1000} s:\n${output}`);
    }
  }
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal); // the group is already gone
  }
}

/**
 * SIGKILL (if still running) the server's whole process group, and wait for the server's exit. With another
 * signal and `killAfterMs`, a server still running that long after it gets SIGKILL.
 */
export async function stopServer(
  server: ServerProcess,
  signal: NodeJS.Signals = 'SIGKILL',
  { killAfterMs }: { killAfterMs?: number } = {},
): Promise<number | string> {
  if (server.child.exitCode === null && server.child.signalCode === null) signalGroup(server.child, signal);
  else if (signal === 'SIGKILL') signalGroup(server.child, signal); // what it started may outlive it
  if (signal === 'SIGKILL' || killAfterMs === undefined) return server.exited;
  const timer = setTimeout(() => signalGroup(server.child, 'SIGKILL'), killAfterMs);
  try {
    return await server.exited;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The production build (`npm run build`) as the benches run it: this process's environment passed on, the
 * built client served, a fresh data directory, the server's warnings shown as they come. A first start on a
 * fresh PGlite directory creates the database (about 10 s here), so it waits for health as long as
 * startServer does. `env` goes last (DATA_DIR included). Stop it with `stopBuiltServer`.
 */
export function startBuiltServer(env: Record<string, string> = {}): Promise<ServerProcess> {
  return startServer({
    built: true,
    inheritEnv: true,
    echoStderr: true,
    env: { STATIC_DIR: 'dist/client', DATA_DIR: mkdtempSync(join(tmpdir(), 'essay-bench-')), ...env },
  });
}

/** SIGTERM (a graceful shutdown, as the benches always ended their server), SIGKILL after 10 s. */
export function stopBuiltServer(server: ServerProcess): Promise<number | string> {
  return stopServer(server, 'SIGTERM', { killAfterMs: 10_000 });
}

/** A browser talking to servers: its cookie, sent with an Origin the servers accept. */
export class Browser {
  cookie = '';

  constructor(private readonly origin: string, private readonly extraHeaders: Record<string, string> = {}) {}

  async request(server: ServerProcess, method: string, path: string, body?: unknown): Promise<Response> {
    const headers: Record<string, string> = { ...this.extraHeaders, origin: this.origin };
    if (this.cookie) headers.cookie = this.cookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(server.url(path), {
      method, headers, body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = response.headers.getSetCookie()[0];
    if (setCookie) this.cookie = setCookie.split(';', 1)[0] ?? '';
    return response;
  }

  async startSession(server: ServerProcess): Promise<string> {
    const response = await this.request(server, 'POST', '/api/session');
    if (response.status !== 200) throw new Error(`POST /api/session answered ${response.status}`);
    return ((await response.json()) as { uid: string }).uid;
  }
}

/** A form document that carries `marker` in the student's name, to be read back later. */
export function documentWith(marker: string): FormDocument {
  const document = emptyFormDocument();
  return { ...document, basicInfo: { ...document.basicInfo, fullName: marker } };
}
