// PGlite's idle footprint: a server started on a new data directory stays within 400 MB of resident memory.
// (initdb run inside the server's own process left about 850 MB resident; the first start now runs it in a
// child process, and PostgreSQL's buffer pool inside PGlite is kept small.)
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { processSteps } from '../../setup/processStep.ts';
import { startServer, stopServer } from '../serverProcess.ts';
import { tempDir } from '../tempDir.ts';

const MAX_IDLE_RSS_MB = 400;

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

describe('PGlite server memory', () => {
  it(`stays within ${MAX_IDLE_RSS_MB} MB after its first start on a new data directory, and after a restart`, async () => {
    const dataDir = tempDir('essay-memory-');
    for (const start of ['first start', 'restart']) {
      const server = await startServer({ env: { DATA_DIR: dataDir } });
      onTestFinished(async () => {
        await stopServer(server);
      });
      expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION')), start).toBe(true);
      // Settled: two readings a second apart.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(rssMb(server.child.pid ?? 0), start).toBeLessThanOrEqual(MAX_IDLE_RSS_MB);
      expect(await stopServer(server, 'SIGTERM')).toBe(0);
    }
    // Two servers started (the first creating the database) and stopped.
  }, processSteps(4));
});
