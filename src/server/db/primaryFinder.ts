// Which of DATABASE_URL's hosts is the writable primary, found as libpq's target_session_attrs=primary finds
// it, and found again after a failover. New pooled connections go to the primary known; a connection that
// fails, or reaches a host no longer writable, forgets it, and until another host proves writable the
// database is "failing over": the finder then looks once a second by itself, with or without requests.
import pg from 'pg';
import type { DatabaseHost } from './databaseUrl.ts';
import { NoWritablePrimaryError } from './databaseFailures.ts';

/** One round trip: a standby is in recovery; a primary set read-only (default_transaction_read_only) is no use either. */
const WRITABLE_SQL = "select not pg_is_in_recovery() and current_setting('transaction_read_only') = 'off' as writable";
const SEARCH_INTERVAL_MS = 1_000;

const named = (host: DatabaseHost): string => `${host.host.includes(':') ? `[${host.host}]` : host.host}:${host.port}`;
const same = (a: DatabaseHost | undefined, b: DatabaseHost): boolean => a?.host === b.host && a.port === b.port;

async function isWritable(client: pg.ClientBase): Promise<boolean> {
  const { rows } = await client.query<{ writable: boolean }>(WRITABLE_SQL);
  return rows[0]?.writable === true;
}

export interface PrimaryFinder {
  /** The known primary, or the first host found writable now (every host probed at once). */
  primary(): Promise<DatabaseHost>;
  /** A connection to `host` failed, or found it not writable. */
  lost(host: DatabaseHost): void;
  /** A connection to `host` found it writable. */
  confirmed(host: DatabaseHost): void;
  /** Since the primary was lost and until a writable host is found. */
  failingOver(): boolean;
  close(): void;
}

/** `config` is the pool's (user, password, database, TLS, timeouts); each probe connects with it to one host. */
export function createPrimaryFinder(hosts: readonly DatabaseHost[], config: pg.ClientConfig): PrimaryFinder {
  let known: DatabaseHost | undefined;
  let searching: Promise<DatabaseHost> | undefined;
  let lostAt: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  async function probe(host: DatabaseHost): Promise<DatabaseHost> {
    const client = new pg.Client({ ...config, host: host.host, port: host.port });
    client.on('error', () => undefined);
    try {
      await client.connect();
      if (!(await isWritable(client))) throw new Error(`${named(host)} is not writable (a standby, or read-only)`);
      return host;
    } catch (error) {
      throw new Error(`${named(host)}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    } finally {
      void client.end().catch(() => undefined);
    }
  }

  function search(): Promise<DatabaseHost> {
    searching ??= Promise.any(hosts.map(probe)).then((host) => {
      finder.confirmed(host);
      return host;
    }, (error: unknown) => {
      const reasons = error instanceof AggregateError ? error.errors.map((reason) => String((reason as Error).message)) : [String(error)];
      throw new NoWritablePrimaryError(`no writable PostgreSQL primary among DATABASE_URL's hosts: ${reasons.join('; ')}`);
    }).finally(() => {
      searching = undefined;
    });
    return searching;
  }

  function keepSearching(): void {
    if (closed || timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      if (lostAt === undefined) return;
      search().catch(keepSearching);
    }, SEARCH_INTERVAL_MS);
    timer.unref();
  }

  const finder: PrimaryFinder = {
    primary: () => (known === undefined ? search() : Promise.resolve(known)),
    lost(host) {
      if (known !== undefined && !same(known, host)) return;
      known = undefined;
      lostAt ??= Date.now();
      keepSearching();
    },
    confirmed(host) {
      known = host;
      lostAt = undefined;
    },
    failingOver: () => lostAt !== undefined,
    close() {
      closed = true;
      clearTimeout(timer);
    },
  };
  return finder;
}

/**
 * pg's Client made to connect to the finder's primary: the pool creates one per new connection. A host that
 * refuses it, or turns out not writable, is reported lost and the connection fails (the request answers 503,
 * the next connection goes to the primary found meanwhile).
 */
export function primaryClient(finder: PrimaryFinder): typeof pg.Client {
  return class PrimaryClient extends pg.Client {
    override connect(): Promise<pg.Client>;
    override connect(callback: (err: Error) => void): void;
    override connect(callback?: (err: Error) => void): Promise<pg.Client> | void {
      const connecting = this.connectToPrimary();
      if (callback === undefined) return connecting;
      connecting.then(() => callback(undefined as unknown as Error), callback);
    }

    private async connectToPrimary(): Promise<pg.Client> {
      const host = await finder.primary();
      this.host = host.host;
      this.port = host.port;
      try {
        await super.connect();
        if (!(await isWritable(this))) throw new NoWritablePrimaryError(`${named(host)} is no longer writable (a standby, or read-only)`);
      } catch (error) {
        finder.lost(host);
        // Not awaited: a connection that never opened may never report its end.
        void this.end().catch(() => undefined);
        throw error;
      }
      finder.confirmed(host);
      return this;
    }
  };
}
