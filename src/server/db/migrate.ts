// Applies pending migrations at start-up, all in one transaction. The advisory lock makes a second instance
// starting at the same moment wait, then find nothing left to do; running twice is therefore harmless.
import { type Kysely, sql } from 'kysely';
import type { Config } from '../config.ts';
import { type DatabaseHandle, openPostgres } from './connection.ts';
import { migrations as allMigrations } from '../migrations.ts';
import type { Migration } from './migrations/index.ts';
import type { Database } from './schema.ts';

/** An arbitrary constant that names "Essay Studio migrations" among advisory locks. */
const MIGRATION_LOCK_KEY = 7_240_513_001;

/** Returns the names of the migrations this call applied (empty when the schema was already current). */
export async function migrate(db: Kysely<Database>, migrations: readonly Migration[] = allMigrations): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
    await sql`
      create table if not exists schema_migrations (
        name text primary key,
        applied_at timestamptz not null default now()
      )`.execute(trx);
    const applied = new Set((await trx.selectFrom('schema_migrations').select('name').execute()).map((row) => row.name));
    const pending = migrations.filter((migration) => !applied.has(migration.name));
    for (const migration of pending) {
      await sql.raw(migration.sql).execute(trx);
      await trx.insertInto('schema_migrations').values({ name: migration.name }).execute();
    }
    return pending.map((migration) => migration.name);
  });
}

/**
 * Start-up's migrations. On PostgreSQL they run on a connection of their own with a longer statement and lock
 * timeout than requests get (DATABASE_MIGRATION_TIMEOUT: an index built on a big table, or the wait for another
 * instance's migrations, may rightly take long), and it must connect within the pool's timeout. A database that
 * accepts the connection and never answers, or a table locked for good, stops the start in bounded time with an
 * error that says which, instead of a start that hangs for ever.
 */
export async function migrateDatabase(
  config: Pick<Config, 'databaseUrl' | 'databaseTimeouts'>, database: DatabaseHandle,
): Promise<string[]> {
  if (config.databaseUrl === undefined) return migrate(database.db);
  const { acquireMs, migrationMs } = config.databaseTimeouts;
  const connection = openPostgres(config.databaseUrl, {
    pool: { max: 1 }, timeouts: { statementMs: migrationMs, lockMs: migrationMs, acquireMs },
  });
  try {
    return await migrate(connection.db);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `PostgreSQL did not let the migrations run (${reason}): the connection must be made within ${acquireMs} ms `
      + `(DATABASE_POOL_TIMEOUT) and each migration statement end within ${migrationMs} ms (DATABASE_MIGRATION_TIMEOUT).`,
      { cause: error },
    );
  } finally {
    await connection.close();
  }
}
