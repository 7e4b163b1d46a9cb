// Start-up's migrations against a PostgreSQL that cannot answer: a server that accepts the connection and never
// says a word (a frozen host), and a real one whose migrations table another connection keeps locked. Either
// way the migrations give up in bounded time with an error naming the setting, instead of a start that hangs.
import pg from 'pg';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openPostgres } from '../../../src/server/db/connection.ts';
import { migrate, migrateDatabase } from '../../../src/server/db/migrate.ts';
import { frozenServer } from '../frozenServer.ts';
import { privateSchema } from './privateSchema.ts';

const postgresUrl = process.env.TEST_DATABASE_URL || undefined;
const timeouts = { statementMs: 10_000, acquireMs: 1_000, migrationMs: 1_500 };

/** Migrates `databaseUrl` as start-up does; answers how long it took to fail, and the error. */
async function failingMigration(databaseUrl: string): Promise<{ ms: number; error: Error }> {
  const database = openPostgres(databaseUrl); // the requests' pool: never used before the migrations end
  onTestFinished(() => database.close());
  const started = performance.now();
  const error = await migrateDatabase({ databaseUrl, databaseTimeouts: timeouts }, database).then(
    () => { throw new Error('the migrations ran'); },
    (failure: unknown) => failure as Error,
  );
  return { ms: performance.now() - started, error };
}

describe('the migrations at start-up', () => {
  it('give up on a database that accepts the connection and never answers, within the pool timeout', async () => {
    const port = await frozenServer();
    const { ms, error } = await failingMigration(`postgres://postgres@127.0.0.1:${port}/essays`);
    expect(error.message).toMatch(/PostgreSQL did not let the migrations run .*DATABASE_POOL_TIMEOUT/);
    expect(ms).toBeGreaterThanOrEqual(timeouts.acquireMs - 100);
    expect(ms).toBeLessThan(timeouts.acquireMs + 5_000);
  });

  it.skipIf(postgresUrl === undefined)('give up on a migrations table another connection keeps locked, within the migration timeout', async () => {
    const url = await privateSchema(postgresUrl ?? '');
    const first = openPostgres(url);
    await migrate(first.db);
    await first.close();
    const locker = new pg.Client({ connectionString: url });
    await locker.connect();
    onTestFinished(() => locker.end());
    await locker.query('begin');
    await locker.query('lock table schema_migrations in access exclusive mode');
    const { ms, error } = await failingMigration(url);
    expect(error.message).toMatch(/DATABASE_MIGRATION_TIMEOUT/);
    expect(ms).toBeLessThan(timeouts.migrationMs + 5_000);
  });
});
