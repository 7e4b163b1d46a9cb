// One real app for every test of a describe: built once (a database, the migrations and the whole app cost far
// more than any single test), with its tables emptied and its rate-limit counters forgotten before each test, so
// each test still starts from an empty database and fresh limits. For tests on one configuration for the whole
// describe (the default, or a fixed `env`); a test that needs its own configuration, lifecycle, logger or limits
// store builds its own app with buildTestApp.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { AiPort } from '../../src/server/ai/index.ts';
import { type App, buildApp } from '../../src/server/app.ts';
import { createMemoryLimitStore, type LimitStore } from '../../src/server/limits/limitStore.ts';
import type { Database } from '../../src/server/db/schema.ts';
import type { PaymentEventSink, PaymentsPort } from '../../src/server/payments/index.ts';
import { type TestDatabase, emptyTablesStatement } from './databases.ts';
import { type TestApp, testConfig } from './helper.ts';
import type { StudentTextLogs } from './studentTextLogs.ts';

export interface SharedAppOptions {
  /** Overrides for the whole describe (an empty string unsets a variable); REDIS_URL is not honoured. */
  env?: Record<string, string>;
  /** Another AI engine than the configured one; it must keep no state between tests. */
  ai?: AiPort;
  /** Where the app reports purchases and referral conversions (default: the analytics events table). */
  paymentEvents?: PaymentEventSink;
  /** Adds what the tests need to the app before it is ready (probe routes, say), once for the describe. */
  extend?: (app: App) => void | Promise<void>;
  /** The app's clock for the whole describe: a test file that moves it puts it back in its own beforeEach. */
  clock?: () => Date;
  /**
   * Another payments port than the configured one, made when the app is built (after the describe's earlier
   * beforeAll hooks, so a fake provider started there can be used); it must keep no state between tests.
   */
  payments?: (db: Kysely<Database>) => PaymentsPort;
  /** Every log line captured and checked for the students' text. */
  logs?: StudentTextLogs;
}

/** A memory limit store whose counters can all be forgotten at once (a new store behind the same object). */
function resettableLimits(now: () => number): { store: LimitStore; reset(): void } {
  let current = createMemoryLimitStore({ now });
  return {
    store: {
      hit: (key, limit) => current.hit(key, limit),
      peek: (key, limit) => current.peek(key, limit),
      close: () => current.close(),
    },
    reset: () => {
      void current.close();
      current = createMemoryLimitStore({ now });
    },
  };
}

async function emptyAll(db: Kysely<Database>): Promise<() => Promise<void>> {
  const statement = sql.raw(await emptyTablesStatement((text) => sql.raw<Record<string, string>>(text).execute(db)));
  return async () => { await statement.execute(db); };
}

/**
 * Call in a describe (`const testApp = useTestApp(target)`), then `const { app } = testApp()` inside each test.
 * The app is built in beforeAll and closed in afterAll, with its database.
 */
export function useTestApp(target: TestDatabase, options: SharedAppOptions = {}): () => TestApp {
  let current: TestApp | undefined;
  let emptyTables: () => Promise<void> = async () => undefined;
  let dataDir: string | undefined;
  const clock = options.clock ?? (() => new Date());
  const limits = resettableLimits(() => clock().getTime());

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'essay-data-'));
    // The limits are counted in this process's memory, where beforeEach can forget them.
    const config = { ...testConfig({ DATA_DIR: dataDir, ...options.logs?.env, ...options.env }), redis: undefined };
    const database = await target.open();
    let app: App | undefined;
    try {
      emptyTables = await emptyAll(database.db);
      app = await buildApp({
        config, db: database, ai: options.ai, clock, limits: limits.store, paymentEvents: options.paymentEvents,
        payments: options.payments?.(database.db),
        logger: options.logs?.logger, onRoute: options.logs?.onRoute,
      });
      await options.extend?.(app);
      current = { app, database, config };
    } catch (error) {
      // Closing the app closes its database too.
      await (app ? app.close() : database.close());
      throw error;
    }
  });

  beforeEach(async () => {
    await emptyTables();
    limits.reset();
  });

  afterAll(async () => {
    // Closing the app closes its database too; the database alone when the app was never built.
    await (current ? current.app.close() : Promise.resolve());
    current = undefined;
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  return () => {
    if (!current) throw new Error('useTestApp: the app exists only inside the tests of the describe that called it.');
    return current;
  };
}
