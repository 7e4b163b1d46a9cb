// Starts serverProcess.ts in a process of its own and answers its address and its loop meter, so the suites
// measure the server's event loop without the test's own work (building bodies, collecting garbage) in it.
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CpuBudget } from '../../../src/server/limits/budgets.ts';
import type { TestDatabase } from '../databases.ts';
import { TEST_ADMIN_TOKEN, TEST_COOKIE_SECRET, TEST_PUBLIC_URL } from '../helper.ts';
import { mainThreadCpuMsOf } from './loopBlockMeter.ts';

/** A route the server registered, with the CPU figure its budget declares. */
export interface RegisteredRoute {
  method: string | string[];
  url: string;
  cpu: CpuBudget | undefined;
}

export interface ChildServer {
  base: string;
  /** The server process's id (its memory can be read from /proc). */
  pid: number;
  /** Forget what the server's loop meter saw so far. */
  reset(): Promise<void>;
  /** The longest the server's loop was held by its own work since the last reset (ms). */
  maxBlockedMs(): Promise<number>;
  /** The CPU time (ms) the server's loop thread has used, read from outside; undefined where the OS does not tell it. */
  loopCpuMs(): number | undefined;
  /** Every route the app registered, with its CPU figure. */
  routes(): Promise<RegisteredRoute[]>;
  /** Runs the default export of `module` (a file path) on the server's database with `args`; answers its result. */
  seed<T>(module: string, args: unknown): Promise<T>;
  close(): Promise<void>;
}

const script = fileURLToPath(new URL('./serverProcess.ts', import.meta.url));

function nextMessage<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: { type: string } & T) => {
      if (message.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message);
    };
    const onExit = (code: number | null) => reject(new Error(`the server process exited (${code}) waiting for '${type}'`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

export async function startChildServer(target: TestDatabase, env: Record<string, string> = {}): Promise<ChildServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'essay-hostile-'));
  const child = fork(script, [], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: {
      ...process.env,
      HOSTILE_DB: target.name,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PUBLIC_URL: TEST_PUBLIC_URL,
      COOKIE_SECRET: TEST_COOKIE_SECRET,
      ADMIN_TOKEN: TEST_ADMIN_TOKEN,
      LOG_LEVEL: 'silent',
      STATIC_DIR: join(tmpdir(), 'essay-no-static-dir'),
      ...env,
    },
  });
  const { base } = await nextMessage<{ base: string }>(child, 'ready');
  return {
    base,
    pid: child.pid ?? 0,
    loopCpuMs: () => (child.pid === undefined ? undefined : mainThreadCpuMsOf(child.pid)),
    reset: async () => {
      const done = nextMessage(child, 'reset');
      child.send({ type: 'reset' });
      await done;
    },
    maxBlockedMs: async () => {
      const answer = nextMessage<{ value: number }>(child, 'max');
      child.send({ type: 'max' });
      return (await answer).value;
    },
    routes: async () => {
      const answer = nextMessage<{ value: RegisteredRoute[] }>(child, 'routes');
      child.send({ type: 'routes' });
      return (await answer).value;
    },
    seed: async <T>(module: string, args: unknown) => {
      const answer = nextMessage<{ value?: T; error?: string }>(child, 'seed');
      child.send({ type: 'seed', module, args });
      const { value, error } = await answer;
      if (error !== undefined) throw new Error(`seeding ${module} failed: ${error}`);
      return value as T;
    },
    close: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.send({ type: 'close' });
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
