// One port and one fresh data directory per Playwright run. The config is loaded again in every worker,
// so the first load records its choice in the environment the workers inherit.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const E2E_ADMIN_TOKEN = 'e2e-admin-token-0123456789abcdef';

export function freePort(): number {
  const script = "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim());
}

/** The environment of a production server on `port` keeping its data in `dataDir`. */
export function serverEnv(port: number, dataDir: string): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ADMIN_TOKEN: E2E_ADMIN_TOKEN,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    // Every journey's browser calls from 127.0.0.1: one IP for the whole run, far above a student's pace,
    // and every journey's fresh browser is a new session (a new student, storing a day's share) from that address.
    RATE_LIMIT_MAX: '100000',
    SESSION_LIMIT_PER_IP: '100000',
    STUDENTS_PER_NETWORK: '100000',
  };
}

/** `emptyDatabase`: where the run keeps a copy of an empty database for the journeys' own servers (emptyDatabase.ts). */
export function e2eServerEnv(): { port: number; env: Record<string, string>; emptyDatabase: string } {
  process.env.E2E_PORT ??= String(freePort());
  process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'essay-e2e-'));
  process.env.E2E_EMPTY_DATABASE ??= `${process.env.E2E_DATA_DIR}-empty-database`;
  const port = Number(process.env.E2E_PORT);
  return { port, env: serverEnv(port, process.env.E2E_DATA_DIR), emptyDatabase: process.env.E2E_EMPTY_DATABASE };
}
