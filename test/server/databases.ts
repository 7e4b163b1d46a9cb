// The databases the server suites run against: a fresh PGlite always, and a fresh PostgreSQL schema as well
// when TEST_DATABASE_URL is set. Each suite does `describe.each(testDatabases)('… on $name', …)`.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import pg from 'pg';
import { type DatabaseHandle, openPglite, openPostgres } from '../../src/server/db/connection.ts';
import { migrate } from '../../src/server/db/migrate.ts';

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  /** A migrated database nobody else uses; closing the handle throws it away. */
  open(): Promise<DatabaseHandle>;
  /** The same before any migration ran: for the suites that test the migrations themselves. */
  openUnmigrated(): Promise<DatabaseHandle>;
}

const pglitePackage = new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url);
const pgliteVersion = (JSON.parse(readFileSync(pglitePackage, 'utf8')) as { version: string }).version;

/** What the migrated template depends on besides PGlite: the migrations (the foundation's and the stages') and the code that applies them. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  const stagesDir = new URL('../../src/server/stages/', import.meta.url);
  const dirs = [
    new URL('../../src/server/db/migrations/', import.meta.url),
    ...readdirSync(stagesDir).map((stage) => new URL(`${stage}/migrations/`, stagesDir)).filter((dir) => existsSync(dir)),
  ];
  for (const dir of dirs) {
    for (const name of readdirSync(dir).sort()) hash.update(name).update('\0').update(readFileSync(new URL(name, dir)));
  }
  hash.update(readFileSync(new URL('../../src/server/db/migrate.ts', import.meta.url)));
  hash.update(readFileSync(new URL('../../src/server/migrations.ts', import.meta.url)));
  return hash.digest('hex').slice(0, 16);
}

const baseTemplateFile = join(tmpdir(), `essay-studio-pglite-${pgliteVersion}.tar`);
const migratedTemplateFile = join(tmpdir(), `essay-studio-pglite-${pgliteVersion}-migrated-${migrationsHash()}.tar`);

/** Several Vitest workers may build the same template at once: each writes its own draft, and renames it in place. */
function saveAtomically(file: string, data: Uint8Array): void {
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, data);
  renameSync(draft, file);
}

async function dump(pglite: PGlite): Promise<Uint8Array> {
  return new Uint8Array(await (await pglite.dumpDataDir('none')).arrayBuffer());
}

/**
 * initdb takes PGlite 2–4 s, loading a dump of a fresh cluster about 0.5 s: the first test run on a machine
 * saves that dump (before any migration) in the temp folder.
 */
async function baseTemplate(): Promise<Uint8Array> {
  if (existsSync(baseTemplateFile)) return readFileSync(baseTemplateFile);
  const pglite = await PGlite.create();
  const data = await dump(pglite);
  await pglite.close();
  saveAtomically(baseTemplateFile, data);
  return data;
}

/**
 * The base template with every migration applied, saved under the hash of the migrations: every test starts
 * from it, so no test pays for the migrations; a changed migration makes a new one.
 */
async function migratedTemplate(): Promise<Uint8Array> {
  if (existsSync(migratedTemplateFile)) return readFileSync(migratedTemplateFile);
  const pglite = await PGlite.create({ loadDataDir: new Blob([await baseTemplate() as Uint8Array<ArrayBuffer>]) });
  const handle = openPglite(pglite);
  await migrate(handle.db);
  const data = await dump(pglite);
  await handle.close();
  saveAtomically(migratedTemplateFile, data);
  return data;
}

/** Both templates exist on disk (the server tests' setup file calls it, so no test pays for them in its timeout). */
export async function preparePgliteTemplates(): Promise<void> {
  if (!existsSync(migratedTemplateFile)) await migratedTemplate();
}

let migratedBlob: Blob | undefined;

async function pgliteFrom(template: 'base' | 'migrated'): Promise<PGlite> {
  const data = template === 'base'
    ? new Blob([await baseTemplate() as Uint8Array<ArrayBuffer>])
    : (migratedBlob ??= new Blob([await migratedTemplate() as Uint8Array<ArrayBuffer>]));
  return PGlite.create({ loadDataDir: data });
}

/** A PGlite nobody else uses, before any migration. */
export function freshPglite(): Promise<PGlite> {
  return pgliteFrom('base');
}

/** A PGlite nobody else uses, every migration applied. */
export function migratedPglite(): Promise<PGlite> {
  return pgliteFrom('migrated');
}

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** One statement on its own connection (creating or dropping a schema or a database). */
export async function adminQuery(url: string, text: string): Promise<void> {
  await withAdminClient(url, async (client) => { await client.query(text); });
}

/** Migrated schemas a closed test handed back, emptied for the worker's next test (as with PGlite). */
const spareSchemas: string[] = [];

/**
 * The schemas of one run of the suites start with this prefix: test/setup/serverRun.ts names the run, and drops
 * its schemas when the run ends (the workers keep theirs for reuse until then).
 */
const schemaPrefix = (run = process.env.TEST_RUN_ID ?? 'norun') => `test_${run}_`;

/**
 * A private schema per test on the shared server. Running the migrations into a new schema measured faster here
 * than `create database … template …` from a migrated database (PostgreSQL 15 copies the whole template, catalogs
 * included); a migrated schema is kept when its test closes and emptied for the next one, which is faster still.
 */
async function freshPostgres(url: string, migrated: boolean): Promise<DatabaseHandle> {
  const spare = migrated ? spareSchemas.pop() : undefined;
  const schema = spare ?? `${schemaPrefix()}${randomBytes(6).toString('hex')}`;
  if (!spare) await adminQuery(url, `create schema ${schema}`);
  const handle = openPostgres(url, { pool: { options: `-c search_path=${schema}` } });
  const close = async () => {
    await handle.close();
    if (migrated) spareSchemas.push(schema);
    else await adminQuery(url, `drop schema if exists ${schema} cascade`);
  };
  let closing: Promise<void> | undefined;
  const opened = { ...handle, close: () => (closing ??= close()) };
  const ready = async () => {
    if (!migrated) return connected(opened);
    if (!spare) return migrate(opened.db);
    const empty = await emptyTablesStatement((text) => sql.raw<Record<string, string>>(text).execute(opened.db));
    await sql.raw(empty).execute(opened.db);
  };
  await ready().catch(async (error: unknown) => {
    await handle.close();
    await adminQuery(url, `drop schema if exists ${schema} cascade`);
    throw error;
  });
  return opened;
}

const postgresUrl = process.env.TEST_DATABASE_URL;

/**
 * Kysely connects on its first query, and destroying a Kysely that never connected leaves the pool (and its
 * PGlite) open: every handle is connected before it is handed out, so closing it always closes the database.
 */
async function connected(handle: DatabaseHandle): Promise<DatabaseHandle> {
  await sql`select 1`.execute(handle.db);
  return handle;
}

/**
 * Emptied migrated databases for the worker's next test, of this file or the next one. A new PGlite (the template
 * loaded, Postgres started in WASM) costs several times what emptying a used one does; most server tests build
 * their own app, each on its own database, so a worker starts PGlite a few times and hands each on. What a test
 * can leave in a database is undone before the next one gets it: rows (and their sequences), and the session's
 * settings, prepared statements and advisory locks (`discard all`). One left in a transaction, or no longer
 * open, is closed instead.
 */
const spareDatabases: PGlite[] = [];

async function emptied(pglite: PGlite): Promise<PGlite> {
  await pglite.exec('discard all');
  await pglite.exec(await emptyTablesStatement((text) => pglite.query<Record<string, string>>(text)));
  return pglite;
}

/**
 * One statement that empties every table (the migrations' own record of what ran stays) and restarts its
 * sequences. DELETE, not TRUNCATE: a test leaves a few rows, and TRUNCATE gives every table new files, many
 * times the cost. Referencing tables are emptied before the ones they reference, so no foreign key objects.
 */
export async function emptyTablesStatement(
  query: (text: string) => Promise<{ rows: Array<Record<string, string>> }>,
): Promise<string> {
  const tables = (await query(`select tablename from pg_tables where schemaname = current_schema()
    and tablename <> 'schema_migrations' order by tablename`)).rows.map((row) => row.tablename ?? '');
  const references = (await query(`select conrelid::regclass::text as child, confrelid::regclass::text as parent
    from pg_constraint where contype = 'f' and conrelid <> confrelid
    and connamespace = (select oid from pg_namespace where nspname = current_schema())`)).rows;
  const sequences = (await query(`select sequencename from pg_sequences where schemaname = current_schema()
    order by sequencename`)).rows.map((row) => row.sequencename ?? '');
  const ordered: string[] = [];
  let left = tables;
  while (left.length > 0) {
    const referenced = new Set(references.filter((ref) => left.includes(ref.child ?? '')).map((ref) => ref.parent));
    const free = left.filter((table) => !referenced.has(table));
    if (free.length === 0) throw new Error(`foreign keys in a cycle among ${left.join(', ')}`);
    ordered.push(...free);
    left = left.filter((table) => referenced.has(table));
  }
  return [
    ...ordered.map((table) => `delete from "${table}";`),
    ...sequences.map((sequence) => `select setval('"${sequence}"', 1, false);`),
  ].join(' ');
}

/** The PGlite as its app sees it, except that closing it hands it back for the next test instead. */
function lent(pglite: PGlite): PGlite {
  const handBack = async () => {
    if (!pglite.closed && !pglite.isInTransaction()) spareDatabases.push(pglite);
    else if (!pglite.closed) await pglite.close();
  };
  return new Proxy(pglite, {
    get(target, key) {
      if (key === 'close') return handBack;
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

async function lentPglite(): Promise<PGlite> {
  const spare = spareDatabases.pop();
  return lent(spare ? await emptied(spare) : await migratedPglite());
}

/** Drops every schema a run of the suites made on `url` (its workers kept them for reuse). */
export async function dropRunSchemas(url: string, run: string): Promise<void> {
  await withAdminClient(url, async (client) => {
    const { rows } = await client.query<{ name: string }>(
      `select nspname as name from pg_namespace where starts_with(nspname, $1)`, [schemaPrefix(run)]);
    if (rows.length > 0) await client.query(`drop schema ${rows.map((row) => row.name).join(', ')} cascade`);
  });
}

export const testDatabases: TestDatabase[] = [
  {
    name: 'pglite',
    open: async () => connected(openPglite(await lentPglite())),
    openUnmigrated: async () => connected(openPglite(await pgliteFrom('base'))),
  },
  ...(postgresUrl ? [{
    name: 'postgres' as const,
    open: () => freshPostgres(postgresUrl, true),
    openUnmigrated: () => freshPostgres(postgresUrl, false),
  }] : []),
];
