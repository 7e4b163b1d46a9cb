// Opens the database the configuration names: PostgreSQL through a pg pool when DATABASE_URL is set, else
// PGlite in DATA_DIR/pglite behind a one-connection pool. Both sit under the same Kysely PostgresDialect.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.ts';
import { PgliteSingleConnectionPool } from './pglitePool.ts';
import type { Database } from './schema.ts';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /** Waits for queries in flight, then closes the pool or PGlite. Safe to call more than once. */
  close(): Promise<void>;
}

const INT8_OID = 20;

function handle(db: Kysely<Database>, kind: DatabaseHandle['kind']): DatabaseHandle {
  let closing: Promise<void> | undefined;
  return { db, kind, close: () => (closing ??= db.destroy()) };
}

export function openPglite(pglite: PGlite): DatabaseHandle {
  const dialect = new PostgresDialect({ pool: new PgliteSingleConnectionPool(pglite) });
  return handle(new Kysely<Database>({ dialect }), 'pglite');
}

export interface PostgresOptions {
  /** Extra pg pool settings, e.g. `options: '-c search_path=…'` for the tests' private schemas. */
  pool?: pg.PoolConfig;
  onIdleClientError?: (error: Error) => void;
}

export function openPostgres(connectionString: string, options: PostgresOptions = {}): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    // count(*) and friends are int8: read them as numbers, as PGlite does, so both databases agree.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
    ...options.pool,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', options.onIdleClientError ?? (() => undefined));
  return handle(new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), 'postgres');
}

export async function openDatabase(config: Config): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  const dir = join(config.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  return openPglite(await PGlite.create(dir));
}
