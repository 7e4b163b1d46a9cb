// PGlite is a single Postgres session. Kysely's PostgresDialect wants a pg-style pool, so this pool lends that
// one session to one borrower at a time, in arrival order: a transaction (or a lone query) holds it from
// acquire to release, which is what keeps concurrent requests' transactions from interleaving on PGlite.
// Queries with parameters run as prepared statements (pgliteStatements.ts); those without use the simple protocol.
// With a WalSync (a durable data directory), a statement that leaves the session outside a transaction (a
// commit, or a lone statement) hands the session to the next borrower at once and then waits until the WAL
// written so far is on disk before its result is returned: nothing is answered from a commit that is not yet
// durable, and the commits queued meanwhile share the next sync.
import type { PGlite, Results } from '@electric-sql/pglite';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type { WalSync } from './pgliteDurability.ts';
import { PreparedStatements } from './pgliteStatements.ts';

type Command = PostgresQueryResult<unknown>['command'];

function toKyselyResult<R>(result: Results<R>): PostgresQueryResult<R> {
  return {
    // Kysely only compares the command with INSERT/UPDATE/DELETE/MERGE to report affected rows; other
    // commands (CREATE, BEGIN…) pass through harmlessly, hence the cast to its narrower union.
    command: (result.command ?? 'SELECT') as Command,
    rowCount: result.rowCount ?? result.affectedRows ?? 0,
    rows: result.rows,
  };
}

interface Session {
  pglite: PGlite;
  statements: PreparedStatements;
  wal: WalSync | undefined;
  /** Waits for the session (FIFO) and takes it. */
  acquire(): Promise<void>;
  /** Passes the session to the next borrower. */
  handOver(): void;
}

class PgliteClient implements PostgresPoolClient {
  #released = false;
  /** Whether this client holds the session; it lets go early while it waits for a commit's sync. */
  #holding = true;

  constructor(private readonly session: Session) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters: ReadonlyArray<unknown> = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sqlOrCursor !== 'string') throw new Error('Cursors are not supported on PGlite.');
    if (this.#released) return Promise.reject(new Error('This PGlite connection was already released.'));
    return this.#run<R>(sqlOrCursor, parameters);
  }

  async #run<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
    const { pglite, statements, wal } = this.session;
    if (!this.#holding) {
      await this.session.acquire();
      this.#holding = true;
    }
    let result: PostgresQueryResult<R>;
    if (parameters.length === 0) {
      // Like pg without parameters: the simple protocol, which also runs multi-statement migrations.
      const results = await pglite.exec(sql);
      const last = results.at(-1);
      result = last ? toKyselyResult(last as Results<R>) : { command: 'SELECT', rowCount: 0, rows: [] };
    } else {
      result = toKyselyResult(await statements.query<R>(sql, parameters));
    }
    const durable = wal !== undefined && !pglite.isInTransaction() ? wal.flush() : undefined;
    if (durable !== undefined) {
      this.#holding = false;
      this.session.handOver();
      await durable;
    }
    return result;
  }

  release(): void {
    if (this.#released) return;
    this.#released = true;
    if (this.#holding) {
      this.#holding = false;
      this.session.handOver();
    }
  }
}

export class PgliteSingleConnectionPool implements PostgresPool {
  readonly #waiting: Array<() => void> = [];
  #busy = false;
  #ended = false;
  #idle: (() => void) | undefined;
  readonly #session: Session;

  constructor(private readonly pglite: PGlite, private readonly wal?: WalSync) {
    this.#session = {
      pglite,
      statements: new PreparedStatements(pglite),
      wal,
      acquire: () => this.#acquire(),
      handOver: () => this.#handOver(),
    };
  }

  connect(): Promise<PostgresPoolClient> {
    if (this.#ended) return Promise.reject(new Error('The database is closed.'));
    // A free session is lent in the same tick (no extra await), as a pg pool with an idle client does.
    if (!this.#busy) {
      this.#busy = true;
      return Promise.resolve(new PgliteClient(this.#session));
    }
    return new Promise((resolve) => this.#waiting.push(() => resolve(new PgliteClient(this.#session))));
  }

  /** Borrowers waiting for the session, for the metrics. */
  get waiting(): number {
    return this.#waiting.length;
  }

  get busy(): boolean {
    return this.#busy;
  }

  #acquire(): Promise<void> {
    if (!this.#busy) {
      this.#busy = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  #handOver(): void {
    const next = this.#waiting.shift();
    if (next) {
      next();
      return;
    }
    this.#busy = false;
    this.#idle?.();
  }

  /** Refuses new borrowers, waits for the current and queued ones and the last sync, then closes PGlite. */
  async end(): Promise<void> {
    this.#ended = true;
    if (this.#busy) await new Promise<void>((resolve) => (this.#idle = resolve));
    await this.wal?.close();
    await this.pglite.close();
  }
}
