// One transaction around everything a piece of work does with the database, without handing the work a
// transaction: inside `inOneTransaction(db, work)`, every query made through `db` (by any module, however
// deep) runs on that transaction's connection, and a `db.transaction()` inside becomes a savepoint. The
// idempotency gate (plugins/idempotency.ts) uses it so a route's write and the record of its answer commit
// together or not at all. Built on Kysely's Dialect and Driver interfaces and Node's AsyncLocalStorage; both
// databases are opened through `scopedDialect` (connection.ts).
// On PGlite this is also what keeps such work from waiting on itself: its one session is held by the
// transaction, so a query that asked the pool for another connection would wait for ever.
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery, type DatabaseConnection, type Dialect, type Driver, type Kysely, type Transaction, type TransactionSettings,
} from 'kysely';

interface Scope {
  /** The transaction's connection, once taken. */
  connection?: Promise<DatabaseConnection>;
  held?: DatabaseConnection;
  /** Transactions open on it: the outer one, then savepoints. */
  depth: number;
  /** Borrowers holding it now. */
  lent: number;
  /** Released: later queries (work left running after the end) take connections as usual. */
  closed: boolean;
}

const scopes = new AsyncLocalStorage<Scope>();

class ScopedDriver implements Driver {
  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const scope = scopes.getStore();
    if (scope === undefined || scope.closed) return this.inner.acquireConnection();
    scope.connection ??= this.inner.acquireConnection();
    scope.held = await scope.connection;
    scope.lent += 1;
    return scope.held;
  }

  /** The open scope that holds `connection`, if any. */
  #scopeOf(connection: DatabaseConnection): Scope | undefined {
    const scope = scopes.getStore();
    return scope !== undefined && !scope.closed && scope.held === connection ? scope : undefined;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const scope = this.#scopeOf(connection);
    if (scope === undefined || scope.depth === 0) await this.inner.beginTransaction(connection, settings);
    else await connection.executeQuery(CompiledQuery.raw(`savepoint scoped_${scope.depth}`));
    if (scope !== undefined) scope.depth += 1;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const scope = this.#scopeOf(connection);
    if (scope === undefined) return this.inner.commitTransaction(connection);
    // Counted down once done: a COMMIT that fails is followed by Kysely's rollback of the same level.
    if (scope.depth === 1) await this.inner.commitTransaction(connection);
    else await connection.executeQuery(CompiledQuery.raw(`release savepoint scoped_${scope.depth - 1}`));
    scope.depth -= 1;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const scope = this.#scopeOf(connection);
    if (scope === undefined) return this.inner.rollbackTransaction(connection);
    const level = scope.depth - 1;
    scope.depth = level;
    if (level === 0) await this.inner.rollbackTransaction(connection);
    else await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint scoped_${level}`));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const scope = scopes.getStore();
    if (scope === undefined || scope.held !== connection) return this.inner.releaseConnection(connection);
    // Lent again and again inside the transaction; given back once, by the last borrower (the outer
    // transaction, which ends after everything it ran), even when its COMMIT or ROLLBACK failed.
    scope.lent -= 1;
    if (scope.closed || scope.lent > 0) return;
    scope.closed = true;
    await this.inner.releaseConnection(connection);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** `inner` with every query of `inOneTransaction`'s work on that transaction's connection. */
export function scopedDialect(inner: Dialect): Dialect {
  return {
    createAdapter: () => inner.createAdapter(),
    createDriver: () => new ScopedDriver(inner.createDriver()),
    createIntrospector: (db) => inner.createIntrospector(db),
    createQueryCompiler: () => inner.createQueryCompiler(),
  };
}

/**
 * Runs `work` in one transaction that every query through `db` made meanwhile joins: committed when `work`
 * resolves, rolled back when it throws. Work in it must not run two `db.transaction()`s side by side (their
 * savepoints would interleave on the one connection).
 */
export function inOneTransaction<T, Db>(db: Kysely<Db>, work: (trx: Transaction<Db>) => Promise<T>): Promise<T> {
  const scope: Scope = { depth: 0, lent: 0, closed: false };
  return scopes.run(scope, () => db.transaction().execute(async (trx) => {
    if (scope.held === undefined) throw new Error('inOneTransaction needs a database opened through scopedDialect');
    return work(trx);
  }));
}
