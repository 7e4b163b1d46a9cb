// Builds a real app per test (fastify/demo's test/helper.ts pattern): a fresh, migrated database, a config
// parsed from a test environment, and everything closed when the test finishes. Tests that share the default
// configuration share one app per describe instead (useTestApp.ts), far cheaper than one per test.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import type { AiPort } from '../../src/server/ai/index.ts';
import { type App, buildApp } from '../../src/server/app.ts';
import { type Config, loadConfig } from '../../src/server/config.ts';
import type { DatabaseHandle } from '../../src/server/db/connection.ts';
import type { Lifecycle } from '../../src/server/lifecycle/drain.ts';
import type { LogDestination } from '../../src/server/logger.ts';
import type { TestDatabase } from './databases.ts';
import type { StudentTextLogs } from './studentTextLogs.ts';
import { tempDir } from './tempDir.ts';

export const TEST_PUBLIC_URL = 'http://localhost:8080';
export const TEST_ORIGIN = TEST_PUBLIC_URL;
export const TEST_ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';
export const TEST_COOKIE_SECRET = 'test-cookie-secret-0123456789abcdef0123456789';

/** The configuration a test server runs with; `env` overrides any variable (an empty string unsets it). */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    // A folder removed when the test finishes, unless the caller brings its own.
    ...('DATA_DIR' in env ? {} : { DATA_DIR: tempDir('essay-data-') }),
    PUBLIC_URL: TEST_PUBLIC_URL,
    COOKIE_SECRET: TEST_COOKIE_SECRET,
    ADMIN_TOKEN: TEST_ADMIN_TOKEN,
    LOG_LEVEL: 'silent',
    STATIC_DIR: join(tmpdir(), 'essay-no-static-dir'),
    ...env,
  });
}

export interface TestAppOptions {
  env?: Record<string, string>;
  clock?: () => Date;
  logger?: LogDestination;
  lifecycle?: Lifecycle;
  /** Another AI engine than the configured one (e.g. a model's stand-in). */
  ai?: AiPort;
  /** Every log line captured and checked for the students' text (takes the place of `logger`). */
  logs?: StudentTextLogs;
}

export interface TestApp {
  app: App;
  database: DatabaseHandle;
  config: Config;
}

/**
 * Call inside a test: the app (and its database) close when the test finishes, pass or fail. The app runs no
 * migration: `target.open()` hands out a migrated database (a suite's own target migrates in its `open`).
 */
export async function buildTestApp(target: Pick<TestDatabase, 'open'>, options: TestAppOptions = {}): Promise<TestApp> {
  const { logs } = options;
  const config = testConfig({ ...logs?.env, ...options.env });
  const database = await target.open();
  const app = await buildApp({
    config, db: database, clock: options.clock, logger: logs?.logger ?? options.logger, lifecycle: options.lifecycle,
    ai: options.ai, onRoute: logs?.onRoute,
  });
  onTestFinished(async () => {
    await app.close();
    await database.close();
  });
  return { app, database, config };
}

/** The `name=value` part of a Set-Cookie header, ready to send back as a Cookie header. */
export function cookiePair(setCookie: string | string[] | undefined): string {
  const header = Array.isArray(setCookie) ? setCookie[0] : setCookie;
  if (!header) throw new Error('The response set no cookie');
  return header.split(';', 1)[0] ?? '';
}

/** Starts an anonymous session and returns its uid and the Cookie header that carries it. */
export async function startSession(app: App): Promise<{ uid: string; cookie: string }> {
  const response = await app.inject({ method: 'POST', url: '/api/session' });
  if (response.statusCode !== 200) throw new Error(`POST /api/session answered ${response.statusCode}`);
  return { uid: (response.json() as { uid: string }).uid, cookie: cookiePair(response.headers['set-cookie']) };
}

export async function setPlan(app: App, uid: string, plan: 'free' | 'paid') {
  return app.inject({
    method: 'POST',
    url: '/api/admin/entitlements',
    headers: { authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
    payload: { uid, plan, reason: 'test' },
  });
}
