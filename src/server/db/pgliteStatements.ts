// Runs parameterised queries on PGlite the way a pg client talks to a server: one batch of extended-protocol
// messages per query, parameters as text (the server infers their types, as with node-postgres), and each
// distinct SQL text prepared once under a name and reused. Re-planning every query was PGlite's main cost:
// prepared, a primary-key read runs two to four times faster.
import { parse, type PGlite, protocol, type Results } from '@electric-sql/pglite';

const { serialize } = protocol;
const MAX_PREPARED = 200;
/** invalid_sql_statement_name, feature_not_supported ("cached plan must not change result type"). */
const STALE_STATEMENT_CODES = new Set(['26000', '0A000']);

/** A Postgres array literal, as node-postgres writes JS arrays. */
function arrayLiteral(values: readonly unknown[]): string {
  const items = values.map((value) => {
    if (value === null || value === undefined) return 'NULL';
    if (Array.isArray(value)) return arrayLiteral(value);
    return `"${String(toText(value)).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  });
  return `{${items.join(',')}}`;
}

/** The text form of a parameter, following node-postgres's rules so both databases see the same values. */
export function toText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString('hex')}`;
  if (Array.isArray(value)) return arrayLiteral(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

let instances = 0;

export class PreparedStatements {
  /** SQL text → statement name, oldest first (a Map keeps insertion order, which makes it an LRU). */
  readonly #names = new Map<string, string>();
  /** Names stay unique even if two of these ever share one PGlite. */
  readonly #prefix = `kysely_${(instances += 1)}_`;
  #counter = 0;
  #toClose: string[] = [];

  constructor(private readonly pglite: PGlite) {}

  async query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<Results<R>> {
    const known = this.#names.get(sql);
    const name = known ?? `${this.#prefix}${(this.#counter += 1)}`;
    const parts = this.#toClose.splice(0).map((stale) => serialize.close({ type: 'S', name: stale }));
    if (!known) parts.push(serialize.parse({ name, text: sql }));
    parts.push(
      serialize.bind({ statement: name, values: parameters.map(toText) }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    );
    try {
      // syncToFs only matters for browser file systems; in Node (a data directory or memory) it is a no-op
      // that would still queue behind PGlite's file-system mutex on every query.
      const batch = Buffer.concat(parts);
      const { messages } = await this.pglite.runExclusive(() => this.pglite.execProtocol(batch, { syncToFs: false }));
      this.#remember(sql, name);
      return (parse.parseResults(messages, this.pglite.parsers)[0] ?? { rows: [], fields: [] }) as Results<R>;
    } catch (error) {
      // The statement may have been prepared before the failure (a constraint violation, say): keep it then,
      // unless Postgres says the prepared statement itself is gone or stale.
      const code = (error as { code?: string }).code;
      if (!known) this.#toClose.push(name); // prepared or not, a fresh name is never reused: close it
      else if (code !== undefined && STALE_STATEMENT_CODES.has(code)) this.#forget(sql, name);
      throw error;
    }
  }

  #remember(sql: string, name: string): void {
    this.#names.delete(sql);
    this.#names.set(sql, name);
    if (this.#names.size > MAX_PREPARED) {
      const [oldestSql, oldestName] = this.#names.entries().next().value as [string, string];
      this.#forget(oldestSql, oldestName);
    }
  }

  #forget(sql: string, name: string): void {
    this.#names.delete(sql);
    this.#toClose.push(name);
  }
}
