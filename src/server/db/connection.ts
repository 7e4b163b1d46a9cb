// Opens the database the configuration names: PostgreSQL through a pg pool when DATABASE_URL is set (with several
// hosts, the pool's connections go to the writable primary: primaryFinder.ts), else PGlite in DATA_DIR/pglite
// behind a one-connection pool. Both sit under the same Kysely PostgresDialect.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { parseIntoClientConfig } from 'pg-connection-string';
import type { Config } from '../config.ts';
import { isConnectionLost } from './databaseFailures.ts';
import { parseDatabaseUrl } from './databaseUrl.ts';
import { gatedPool } from './gatedPool.ts';
import { createDurablePglite, type WalSync } from './pgliteDurability.ts';
import { scopedDialect } from './oneTransaction.ts';
import { PgliteSingleConnectionPool } from './pglitePool.ts';
import { createPrimaryFinder, primaryClient } from './primaryFinder.ts';
import type { Database } from './schema.ts';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /** Connections in use and borrowers waiting for one, for the metrics. */
  poolUse?: () => { inUse: number; waiting: number; size: number };
  /**
   * A DATABASE_URL with target_session_attrs=primary only: true from the moment the primary is lost until a
   * writable host is found again.
   */
  failingOver?: () => boolean;
  /** Waits for queries in flight, then closes the pool or PGlite. Safe to call more than once. */
  close(): Promise<void>;
}

const INT8_OID = 20;

/** The folder in DATA_DIR that holds the PGlite database (the backup, restore and tests find it there too). */
export const PGLITE_DIR = 'pglite';
/** In DATA_DIR while a server has its PGlite database open: that process's id. */
export const PGLITE_PID_FILE = 'pglite.pid';

function handle(
  db: Kysely<Database>, kind: DatabaseHandle['kind'], poolUse: DatabaseHandle['poolUse'], afterClose?: () => void,
  failingOver?: () => boolean,
): DatabaseHandle {
  let closing: Promise<void> | undefined;
  return { db, kind, poolUse, failingOver, close: () => (closing ??= db.destroy().then(afterClose)) };
}

/** PGlite behind the one-connection pool; with `wal`, every commit is on disk before its caller hears of it. */
export function openPglite(pglite: PGlite, wal?: WalSync, afterClose?: () => void): DatabaseHandle {
  const pool = new PgliteSingleConnectionPool(pglite, wal);
  const dialect = scopedDialect(new PostgresDialect({ pool }));
  return handle(new Kysely<Database>({ dialect }), 'pglite', () => ({
    inUse: pool.busy ? 1 : 0, waiting: pool.waiting, size: 1,
  }), afterClose);
}

export interface DatabaseTimeouts {
  /** A statement running longer is cancelled by PostgreSQL (SQLSTATE 57014). */
  statementMs: number;
  /** A borrower waiting longer for a pooled connection (or for a new one to connect) is refused. */
  acquireMs: number;
  /** A statement waiting longer for a lock fails (SQLSTATE 55P03); unset: only the statement timeout bounds it. */
  lockMs?: number;
}

/**
 * The client gives up on a statement this long after the server should have cancelled it: a server that
 * cannot answer at all (a network cut, a frozen host) does not hold the request either.
 */
const CLIENT_SLACK_MS = 2_000;

export interface PostgresOptions {
  /** Extra pg pool settings, e.g. `options: '-c search_path=…'` for the tests' private schemas. */
  pool?: pg.PoolConfig;
  /** Unset: none. */
  timeouts?: DatabaseTimeouts;
  onIdleClientError?: (error: Error) => void;
}

const poolTimeouts = (timeouts: DatabaseTimeouts | undefined): pg.PoolConfig => (timeouts === undefined ? {} : {
  statement_timeout: timeouts.statementMs,
  query_timeout: timeouts.statementMs + CLIENT_SLACK_MS,
  connectionTimeoutMillis: timeouts.acquireMs,
  ...(timeouts.lockMs === undefined ? {} : { lock_timeout: timeouts.lockMs }),
});

export function openPostgres(url: string, options: PostgresOptions = {}): DatabaseHandle {
  const target = parseDatabaseUrl(url);
  if (typeof target === 'string') throw new Error(`DATABASE_URL ${target}`);
  const config: pg.PoolConfig = {
    // With several hosts, parsed here: pg lets a connectionString win over the host each connection is given.
    ...(target.requirePrimary ? parseIntoClientConfig(target.connectionString) : { connectionString: target.connectionString }),
    max: 10,
    ...poolTimeouts(options.timeouts),
    // count(*) and friends are int8: read them as numbers, as PGlite does, so both databases agree.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
    ...options.pool,
  };
  const finder = target.requirePrimary ? createPrimaryFinder(target.hosts, config) : undefined;
  const pool = new pg.Pool(finder === undefined ? config : { ...config, Client: primaryClient(finder) });
  const lost = (client: pg.ClientBase) => finder?.lost({ host: (client as pg.Client).host, port: (client as pg.Client).port });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', (error, client) => {
    if (isConnectionLost(error)) lost(client);
    options.onIdleClientError?.(error);
  });
  const db = new Kysely<Database>({ dialect: scopedDialect(new PostgresDialect({ pool: gatedPool(pool, lost) })) });
  return handle(db, 'postgres', () => ({
    inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount, size: pool.options.max ?? 10,
  }), () => finder?.close(), finder?.failingOver);
}

export async function openDatabase(config: Config): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl, { timeouts: config.databaseTimeouts });
  const dir = join(config.dataDir, PGLITE_DIR);
  mkdirSync(dir, { recursive: true });
  const { pglite, wal } = await createDurablePglite(dir, config.pgliteDurability);
  // Who has the database open, for the backup and restore commands (which must not run beside the server).
  const pidFile = join(config.dataDir, PGLITE_PID_FILE);
  writeFileSync(pidFile, String(process.pid));
  return openPglite(pglite, wal, () => {
    try {
      if (readFileSync(pidFile, 'utf8') === String(process.pid)) rmSync(pidFile);
    } catch {
      // already gone
    }
  });
}
