// The real entry point as a process: it refuses a bad environment with a readable message, and on SIGTERM it
// drains and exits cleanly.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGLITE_DIR } from '../../src/server/db/connection.ts';
import { copyMigratedPglite, migratedDataDir } from './serverDataDir.ts';
import { PROCESS_STEP_MS, processSteps } from '../setup/processStep.ts';
import { frozenServer } from './frozenServer.ts';
import { freePort, serverCommand } from './serverProcess.ts';
import { tempDir } from './tempDir.ts';

function startMain(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const [node = '', ...args] = serverCommand('server/main');
  const child = spawn(node, args, {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}


describe('src/server/main.ts', () => {
  it('refuses to start on a bad environment, saying what is wrong', async () => {
    const { child, output } = startMain({ PORT: 'http', PUBLIC_URL: 'https://essays.example.com', DATA_DIR: tempDir() });
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(output()).toContain('PORT: must be a whole number from 1 to 65535 (got "http")');
    expect(output()).toContain('COOKIE_SECRET: is required when NODE_ENV=production and PUBLIC_URL is not a loopback address');
    expect(output()).toContain('STRIPE_SECRET_KEY: is required when NODE_ENV=production');
  }, processSteps(1));

  it('stops in bounded time, saying why, when PostgreSQL accepts the connection and never answers', async () => {
    const frozen = await frozenServer();
    const started = performance.now();
    const { child, output } = startMain({
      DATA_DIR: tempDir(), PORT: String(await freePort()), DATABASE_URL: `postgres://postgres@127.0.0.1:${frozen}/essays`,
      DATABASE_POOL_TIMEOUT: '1s',
    });
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(output()).toMatch(/could not start: .*PostgreSQL did not let the migrations run/);
    expect(output()).toContain('DATABASE_POOL_TIMEOUT');
    // The process's own start-up (seconds under tsx on a busy machine) plus the one-second connect timeout.
    expect(performance.now() - started).toBeLessThan(PROCESS_STEP_MS);
  }, processSteps(1));

  /** Starts main and waits for /api/health at `url`; the caller kills the child. */
  async function startedAt(url: string, env: Record<string, string>): Promise<{ child: ChildProcess; output: () => string }> {
    const started = startMain(env);
    // Opening PGlite takes seconds on a busy machine; a process step's bound means it never came up.
    const deadline = Date.now() + PROCESS_STEP_MS;
    while (Date.now() < deadline) {
      if (started.child.exitCode !== null) throw new Error(`main exited early:\n${started.output()}`);
      const health = await fetch(`${url}/api/health`).catch(() => undefined);
      if (health?.ok) return started;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`main did not become healthy:\n${started.output()}`);
  }

  // One server with the production defaults (no HOST, no PUBLIC_URL) for the two tests below: the first
  // reads how it serves, the second ends it with SIGTERM. Its DATA_DIR already holds the database, as after
  // any restart (a first start on a new DATA_DIR is pgliteMemory.test.ts's subject).
  describe('with the production defaults, on PGlite in DATA_DIR', () => {
    let port = 0;
    let main: { child: ChildProcess; output: () => string } | undefined;
    let dataDir: string | undefined;
    beforeAll(async () => {
      // Made here rather than with tempDir(): this runs in beforeAll, outside any one test.
      dataDir = mkdtempSync(join(tmpdir(), 'essay-main-'));
      port = await freePort();
      await copyMigratedPglite(join(dataDir, PGLITE_DIR));
      main = await startedAt(`http://127.0.0.1:${port}`, { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    }, processSteps(2)); // the saved database (made once per machine), the server
    afterAll(async () => {
      if (main && main.child.exitCode === null && main.child.signalCode === null) {
        main.child.kill('SIGKILL');
        await once(main.child, 'exit');
      }
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('serves on every loopback address, the test checkout included, without the Vite origin', async () => {
      for (const origin of [`http://127.0.0.1:${port}`, `http://[::1]:${port}`, `http://localhost:${port}`]) {
        const session = await fetch(`${origin}/api/session`, { method: 'POST', headers: { origin } });
        expect(session.status, origin).toBe(200);
        const upgrade = await fetch(`${origin}/api/checkout/upgrade`, {
          method: 'POST', redirect: 'manual', headers: { origin, cookie: String(session.headers.get('set-cookie')).split(';')[0] ?? '' },
        });
        expect(upgrade.status, origin).toBe(303);
        expect(upgrade.headers.get('location')?.startsWith(`${origin}/checkout/local/`), origin).toBe(true);
      }
      const vite = await fetch(`http://127.0.0.1:${port}/api/session`, { method: 'POST', headers: { origin: 'http://localhost:5173' } });
      expect(vite.status).toBe(403);
      expect(main?.output()).toContain('PUBLIC_URL is not set: the app is for this computer only');
    });

    it('exits cleanly on SIGTERM', async () => {
      const { child, output } = main!;
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      child.kill('SIGTERM');
      const [code] = child.exitCode === null ? await once(child, 'exit') : [child.exitCode];
      expect(code).toBe(0);
      expect(output()).toContain('SIGTERM received');
      expect(output()).toContain(`Essay Studio is serving http://localhost:${port} (pglite database)`);
    });
  });

  it('needs ALLOW_TEST_CHECKOUT=1 to serve the test checkout on a public address', async () => {
    const env = {
      PUBLIC_URL: 'https://essays.example.com', COOKIE_SECRET: 'z'.repeat(40), DATA_DIR: await migratedDataDir(), HOST: '127.0.0.1',
    };
    const refused = startMain({ ...env, PORT: String(await freePort()) });
    const [code] = await once(refused.child, 'exit');
    expect(code).toBe(1);
    expect(refused.output()).toContain('Set ALLOW_TEST_CHECKOUT=1 to serve the test checkout there on purpose');

    const port = await freePort();
    const { child } = await startedAt(`http://127.0.0.1:${port}`, { ...env, PORT: String(port), ALLOW_TEST_CHECKOUT: '1' });
    try {
      const upgrade = await fetch(`http://127.0.0.1:${port}/api/checkout/upgrade`, { method: 'POST', redirect: 'manual' });
      expect(upgrade.status).toBe(303);
      expect(upgrade.headers.get('location')).toMatch(/^https:\/\/essays\.example\.com\/checkout\/local\/cs_local_/);
    } finally {
      child.kill('SIGKILL');
    }
  }, processSteps(3)); // the saved database, the refused start, the server
});
