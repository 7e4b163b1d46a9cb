// The databases the server suites run against: a fresh PGlite always, and a fresh PostgreSQL schema as well
// when TEST_DATABASE_URL is set. Each suite does `describe.each(testDatabases)('… on $name', …)`.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type DatabaseHandle, openPglite, openPostgres } from '../../src/server/db/connection.ts';

export interface TestDatabase {
  name: 'pglite' | 'postgres';
  /** A database nobody else uses, not yet migrated; closing the handle throws it away. */
  open(): Promise<DatabaseHandle>;
}

const pglitePackage = new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url);
const pgliteVersion = (JSON.parse(readFileSync(pglitePackage, 'utf8')) as { version: string }).version;
const templateFile = join(tmpdir(), `essay-studio-pglite-${pgliteVersion}.tar`);

/**
 * initdb takes PGlite 2–4 s, loading a dump of a fresh cluster about 0.5 s: the first test run on a machine
 * saves that dump (before any migration) in the temp folder, and every test starts its own PGlite from it.
 */
export async function pgliteTemplate(): Promise<Buffer> {
  if (existsSync(templateFile)) return readFileSync(templateFile);
  const pglite = await PGlite.create();
  const dump = Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer());
  await pglite.close();
  const draft = `${templateFile}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, dump);
  renameSync(draft, templateFile);
  return dump;
}

export async function freshPglite(): Promise<PGlite> {
  return PGlite.create({ loadDataDir: new Blob([new Uint8Array(await pgliteTemplate())]) });
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

/** A private schema per test on the shared server, dropped when the handle closes. */
async function freshPostgres(url: string): Promise<DatabaseHandle> {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(url, (client) => client.query(`create schema ${schema}`));
  const handle = openPostgres(url, { pool: { options: `-c search_path=${schema}` } });
  const close = async () => {
    await handle.close();
    await withAdminClient(url, (client) => client.query(`drop schema if exists ${schema} cascade`));
  };
  let closing: Promise<void> | undefined;
  return { ...handle, close: () => (closing ??= close()) };
}

const postgresUrl = process.env.TEST_DATABASE_URL;

export const testDatabases: TestDatabase[] = [
  { name: 'pglite', open: async () => openPglite(await freshPglite()) },
  ...(postgresUrl ? [{ name: 'postgres' as const, open: () => freshPostgres(postgresUrl) }] : []),
];
