// WEB_CONCURRENCY: refused on PGlite and without Redis, with a message that says why; on PostgreSQL with Redis
// a real primary runs N workers sharing one port, replaces one killed with SIGKILL, and drains them on SIGTERM.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import pg from 'pg';
import { describe, expect, it, onTestFinished } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/server/config.ts';
import { TEST_COOKIE_SECRET } from '../helper.ts';
import { deleteKeys, testRedisUrl, uniquePrefix } from '../redis.ts';
import { PROCESS_STEP_MS, processSteps } from '../../setup/processStep.ts';
import { Browser, documentWith, freePort, serverCommand } from '../serverProcess.ts';
import { tempDir } from '../tempDir.ts';

const postgresUrl = process.env.TEST_DATABASE_URL || undefined;

const refusal = (env: Record<string, string>): string => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('loadConfig accepted the environment');
};

describe('WEB_CONCURRENCY in the configuration', () => {
  it('defaults to one process', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).webConcurrency).toBe(1);
  });

  it('refuses more than one worker on PGlite, saying why', () => {
    expect(refusal({ DATA_DIR: tempDir(), WEB_CONCURRENCY: '2' })).toContain(
      "WEB_CONCURRENCY: 2 worker processes need PostgreSQL (DATABASE_URL): PGlite's data directory can be opened by one process only",
    );
  });

  it('refuses more than one worker without REDIS_URL, saying why', () => {
    expect(refusal({ DATA_DIR: tempDir(), WEB_CONCURRENCY: '3', DATABASE_URL: 'postgres://db.example/essay' })).toContain(
      'WEB_CONCURRENCY: 3 worker processes need REDIS_URL: without it each worker counts the rate limits on its own, so every limit would allow 3 times its value',
    );
  });

  it('accepts N workers on PostgreSQL with Redis', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(), WEB_CONCURRENCY: '2', DATABASE_URL: 'postgres://db.example/essay', REDIS_URL: 'redis://cache.example:6379',
    });
    expect(config.webConcurrency).toBe(2);
  });
});

function startMain(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const [node = '', ...args] = serverCommand('server/main');
  const child = spawn(node, args, {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', COOKIE_SECRET: TEST_COOKIE_SECRET, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  onTestFinished(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return { child, output: () => output };
}

/**
 * The pids of a primary's workers: its children that run the server's entry (cluster forks them with the
 * primary's own arguments). Not every child: the server may run other programs beside its workers.
 */
const workersOf = (pid: number): number[] => {
  try {
    return execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n').filter((line) => line.includes('server/main.js')).map((line) => Number.parseInt(line, 10));
  } catch {
    return [];
  }
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('src/server/main.ts with WEB_CONCURRENCY', () => {
  it('refuses WEB_CONCURRENCY=2 on PGlite and exits 1', async () => {
    const { child, output } = startMain({ DATA_DIR: tempDir(), WEB_CONCURRENCY: '2', PORT: String(await freePort()) });
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(output()).toContain('WEB_CONCURRENCY: 2 worker processes need PostgreSQL (DATABASE_URL)');
  }, processSteps(1));

  it.skipIf(testRedisUrl === undefined || postgresUrl === undefined)(
    'runs 2 workers on one port (PostgreSQL + Redis), replaces a killed one, and drains both on SIGTERM',
    async () => {
      const schema = `test_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      onTestFinished(async () => {
        await admin.query(`drop schema if exists ${schema} cascade`);
        await admin.end();
      });
      const databaseUrl = new URL(postgresUrl ?? '');
      databaseUrl.searchParams.set('options', `-c search_path=${schema}`);
      const prefix = uniquePrefix();
      onTestFinished(() => deleteKeys(testRedisUrl ?? '', prefix));
      const port = await freePort();
      const origin = `http://127.0.0.1:${port}`;
      const { child, output } = startMain({
        WEB_CONCURRENCY: '2', PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: origin, DATA_DIR: tempDir(),
        DATABASE_URL: databaseUrl.toString(), REDIS_URL: testRedisUrl ?? '', REDIS_KEY_PREFIX: prefix, LOG_LEVEL: 'info',
        STATIC_DIR: '/nonexistent-static-dir',
      });
      const primary = child.pid ?? 0;
      // Each worker says so once it serves. Health answers as soon as the first one does: waiting for it alone
      // let a busy machine kill a worker still starting, whose replacement then made one "serving" too few.
      const serving = () => output().split('Essay Studio is serving').length - 1;
      const healthy = async () => (await fetch(`${origin}/api/health`).catch(() => undefined))?.status === 200;
      const startDeadline = Date.now() + PROCESS_STEP_MS;
      while (Date.now() < startDeadline && !(workersOf(primary).length === 2 && serving() === 2 && (await healthy()))) await pause(200);
      expect(workersOf(primary)).toHaveLength(2);
      expect(serving()).toBe(2);

      // Both workers serve the same port and the same data.
      const browser = new Browser(origin);
      const server = { url: (path: string) => `${origin}${path}` } as Parameters<Browser['request']>[0];
      await browser.startSession(server);
      for (let revision = 0; revision < 10; revision += 1) {
        const saved = await browser.request(server, 'PUT', '/api/forms/me', { document: documentWith(`save ${revision}`), baseRevision: revision });
        expect(saved.status).toBe(200);
      }

      const [victim] = workersOf(primary);
      process.kill(victim ?? 0, 'SIGKILL');
      const replaceDeadline = Date.now() + PROCESS_STEP_MS;
      while (Date.now() < replaceDeadline) {
        const workers = workersOf(primary);
        if (workers.length === 2 && !workers.includes(victim ?? 0) && serving() === 3) break;
        await pause(200);
      }
      expect(output()).toContain(`worker ${victim} exited (SIGKILL): starting another`);
      expect(workersOf(primary)).toHaveLength(2);
      expect(serving()).toBe(3);
      const read = await browser.request(server, 'GET', '/api/forms/me');
      expect(((await read.json()) as { revision: number }).revision).toBe(10);

      child.kill('SIGTERM');
      const [code] = await once(child, 'exit');
      expect(code).toBe(0);
      expect(output()).toContain('SIGTERM received: asking 2 workers to drain');
      expect(output()).toContain('every worker has stopped: exiting');
    },
    processSteps(3), // the primary and its workers started, a worker replaced, all drained
  );
});
