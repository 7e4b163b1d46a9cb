// Two real server processes on one PostgreSQL and one Redis, as behind a load balancer: a session made on one
// works on the other, and the AI per-browser limit, the code-guessing limit, the admin lock-out and the
// general per-IP limit count across both (with the memory store each instance would allow its own full allowance).
import { randomBytes } from 'node:crypto';
import { describe, expect, it, onTestFinished } from 'vitest';
import { bodies } from '../routes/aiRequests.ts';
import { deleteKeys, testRedisUrl, uniquePrefix } from '../redis.ts';
import { processSteps } from '../../setup/processStep.ts';
import { Browser, type ServerProcess, startServer, stopServer } from '../serverProcess.ts';
import { tempDir } from '../tempDir.ts';
import { adminQuery } from '../databases.ts';

const postgresUrl = process.env.TEST_DATABASE_URL || undefined;
const PUBLIC_URL = 'http://essay-studio.test';

/** A private schema on the shared PostgreSQL, and a URL that puts both instances in it. */
async function privateDatabase(url: string): Promise<string> {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `create schema ${schema}`);
  onTestFinished(() => adminQuery(url, `drop schema if exists ${schema} cascade`));
  const scoped = new URL(url);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  return scoped.toString();
}

describe.skipIf(testRedisUrl === undefined || postgresUrl === undefined)('two instances on one PostgreSQL and one Redis', () => {
  it('share sessions, the AI per-browser limit, the code-guessing limit, the admin lock-out and the general limit', async () => {
    const prefix = uniquePrefix();
    onTestFinished(() => deleteKeys(testRedisUrl ?? '', prefix));
    const databaseUrl = await privateDatabase(postgresUrl ?? '');
    const env = {
      DATABASE_URL: databaseUrl, REDIS_URL: testRedisUrl ?? '', REDIS_KEY_PREFIX: prefix,
      ADMIN_TOKEN: 'the-real-admin-token-0123456789', AI_RATE_LIMIT_PER_BROWSER: '20', AI_RATE_LIMIT_PER_IP: '1000', RATE_LIMIT_MAX: '60',
      // The test plays one client address per run through X-Forwarded-For, apart from the health checks' 127.0.0.1.
      TRUST_PROXY: 'loopback',
    };
    const instances: ServerProcess[] = [];
    for (let index = 0; index < 2; index += 1) {
      const server = await startServer({ env: { ...env, DATA_DIR: tempDir('essay-shared-') }, publicUrl: PUBLIC_URL });
      onTestFinished(async () => {
        await stopServer(server);
      });
      instances.push(server);
    }
    const [one, two] = instances as [ServerProcess, ServerProcess];
    const clientIp = `203.0.113.${1 + Math.floor(Math.random() * 250)}`;
    const browser = new Browser(PUBLIC_URL, { 'x-forwarded-for': clientIp });
    const call = async (server: ServerProcess, method: string, path: string, body?: unknown) => browser.request(server, method, path, body);
    // A count off by one means a hit was counted in an instance's memory: their warnings say which and why.
    const warnings = () => `the servers' warnings:\n${one.output()}\n${two.output()}`;

    const uid = ((await (await call(one, 'POST', '/api/session')).json()) as { uid: string }).uid;
    const whoami = await call(two, 'GET', '/api/whoami');
    expect(whoami.status).toBe(200);
    const saved = await call(two, 'PUT', '/api/forms/me', { document: bodies.topics().formData, baseRevision: 0 });
    expect(saved.status).toBe(200);
    const read = (await (await call(one, 'GET', '/api/forms/me')).json()) as { revision: number };
    expect(read.revision).toBe(1);
    expect(uid).toMatch(/\S/);

    const statuses: number[] = [];
    for (let index = 0; index < 25; index += 1) {
      const response = await call(index % 2 === 0 ? one : two, 'POST', '/api/topic-suggestions', bodies.topics());
      statuses.push(response.status);
    }
    expect(statuses.filter((status) => status === 200), warnings()).toHaveLength(20);
    expect(statuses.filter((status) => status === 429), warnings()).toHaveLength(5);
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);

    // Code guessing: 5 wrong codes per browser per 15 minutes, counted across both instances (counted apart, the
    // two would allow 10).
    const guesses: number[] = [];
    for (let index = 0; index < 22; index += 1) {
      const response = await browser.request(index % 2 === 0 ? one : two, 'POST', '/api/validate-discount', { code: `LAUNCH2024-GUESS${index}` });
      guesses.push(response.status);
    }
    expect(guesses.filter((status) => status !== 429), warnings()).toHaveLength(5);
    expect(guesses.slice(5).every((status) => status === 429)).toBe(true);

    // Wrong admin tokens: locked out after 10 per minute per address, counted across both instances.
    const adminStatuses: number[] = [];
    for (let index = 0; index < 11; index += 1) {
      const response = await fetch((index % 2 === 0 ? one : two).url('/api/admin/funnel'), {
        headers: { authorization: `Bearer wrong-token-${index}-0123456789`, 'x-forwarded-for': clientIp },
      });
      adminStatuses.push(response.status);
    }
    expect(adminStatuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(adminStatuses[10], warnings()).toBe(429);

    // The general limit: 60 /api requests per window from one address, whichever instance answers them. A
    // fresh address, since every call above (code checks and admin calls too) counted against the first one's.
    const otherBrowser = new Browser(PUBLIC_URL, { 'x-forwarded-for': `198.51.100.${1 + Math.floor(Math.random() * 250)}` });
    let answered = 0;
    for (let index = 0; index < 80; index += 1) {
      const response = await otherBrowser.request(index % 2 === 0 ? one : two, 'GET', '/api/whoami');
      if (response.status !== 429) answered += 1;
    }
    expect(answered, warnings()).toBe(60);
  }, processSteps(3)); // two servers started, then the requests to both
});
