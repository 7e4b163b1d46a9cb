// The real entry point as a process: it refuses a bad environment with a readable message, and on SIGTERM it
// drains and exits cleanly.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { tempDir } from './tempDir.ts';

function startMain(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => output };
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

describe('src/server/main.ts', () => {
  it('refuses to start on a bad environment, saying what is wrong', async () => {
    const { child, output } = startMain({ PORT: 'http', NODE_ENV: 'production', DATA_DIR: tempDir() });
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(output()).toContain('PORT: must be a whole number from 1 to 65535 (got "http")');
    expect(output()).toContain('COOKIE_SECRET: is required when NODE_ENV=production');
  }, 30_000);

  it('serves on PGlite in DATA_DIR, then exits cleanly on SIGTERM', async () => {
    const port = await freePort();
    const dataDir = tempDir();
    const { child, output } = startMain({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    try {
      let health: Response | undefined;
      for (let attempt = 0; attempt < 100 && !health; attempt += 1) {
        health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
        if (!health) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(health?.status).toBe(200);
      child.kill('SIGTERM');
      const [code] = await once(child, 'exit');
      expect(code).toBe(0);
      expect(output()).toContain('SIGTERM received');
      expect(output()).toContain(`Essay Studio is serving http://localhost:${port} (pglite database)`);
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);
});
