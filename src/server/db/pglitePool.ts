// PGlite is a single Postgres session. Kysely's PostgresDialect wants a pg-style pool, so this pool lends that
// one session to one borrower at a time, in arrival order: a transaction (or a lone query) holds it from
// acquire to release, which is what keeps concurrent requests' transactions from interleaving on PGlite.
// Queries with parameters run as prepared statements (pgliteStatements.ts); those without use the simple protocol.
import type { PGlite, Results } from '@electric-sql/pglite';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
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

class PgliteClient implements PostgresPoolClient {
  #released = false;

  constructor(
    private readonly pglite: PGlite,
    private readonly statements: PreparedStatements,
    private readonly onRelease: () => void,
  ) {}

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
    if (parameters.length === 0) {
      // Like pg without parameters: the simple protocol, which also runs multi-statement migrations.
      const results = await this.pglite.exec(sql);
      const last = results.at(-1);
      return last ? toKyselyResult(last as Results<R>) : { command: 'SELECT', rowCount: 0, rows: [] };
    }
    return toKyselyResult(await this.statements.query<R>(sql, parameters));
  }

  release(): void {
    if (this.#released) return;
    this.#released = true;
    this.onRelease();
  }
}

export class PgliteSingleConnectionPool implements PostgresPool {
  readonly #waiting: Array<(client: PostgresPoolClient) => void> = [];
  #busy = false;
  #ended = false;
  #idle: (() => void) | undefined;
  readonly #statements: PreparedStatements;

  constructor(private readonly pglite: PGlite) {
    this.#statements = new PreparedStatements(pglite);
  }

  connect(): Promise<PostgresPoolClient> {
    if (this.#ended) return Promise.reject(new Error('The database is closed.'));
    if (!this.#busy) {
      this.#busy = true;
      return Promise.resolve(this.#lend());
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  #lend(): PostgresPoolClient {
    return new PgliteClient(this.pglite, this.#statements, () => this.#handOver());
  }

  #handOver(): void {
    const next = this.#waiting.shift();
    if (next) {
      next(this.#lend());
      return;
    }
    this.#busy = false;
    this.#idle?.();
  }

  /** Refuses new borrowers, waits for the current and queued ones to finish, then closes PGlite. */
  async end(): Promise<void> {
    this.#ended = true;
    if (this.#busy) await new Promise<void>((resolve) => (this.#idle = resolve));
    await this.pglite.close();
  }
}
