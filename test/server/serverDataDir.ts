// A server's DATA_DIR whose PGlite database already exists, as a server leaves it after its first start: made
// by the server's own code (initdb in a child process, then every migration, in the `fsync` mode), saved once
// per machine in the OS temp folder, and copied for each test. A server's first start on a new DATA_DIR spends
// most of its time in initdb; only the suites about that first start itself need to pay for it.
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite, PGLITE_DIR } from '../../src/server/db/connection.ts';
import { migrate } from '../../src/server/db/migrate.ts';
import { createDurablePglite } from '../../src/server/db/pgliteDurability.ts';
import { tempDir } from './tempDir.ts';

const source = (path: string) => new URL(`../../src/server/db/${path}`, import.meta.url);
const pglitePackage = new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url);

/** What the saved database depends on: PGlite's version, how the server creates it, and the migrations. */
function inputsHash(): string {
  const hash = createHash('sha256').update(readFileSync(pglitePackage));
  for (const file of ['migrate.ts', 'pgliteDurability.ts', 'pgliteInitdb.ts']) hash.update(readFileSync(source(file)));
  for (const name of readdirSync(source('migrations')).sort()) {
    hash.update(name).update('\0').update(readFileSync(source(`migrations/${name}`)));
  }
  return hash.digest('hex').slice(0, 16);
}

const saved = join(tmpdir(), `essay-studio-server-pglite-${inputsHash()}`);

/** Creates the saved database; workers racing to do so each make a draft, and the first rename wins. */
async function createSaved(): Promise<void> {
  const draft = `${saved}.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    mkdirSync(draft);
    const { pglite, wal } = await createDurablePglite(draft, 'fsync');
    const handle = openPglite(pglite, wal);
    await migrate(handle.db);
    await handle.close(); // closes PGlite cleanly: the copy starts without recovery
    try {
      renameSync(draft, saved);
    } catch (error) {
      if (!existsSync(saved)) throw error;
    }
  } finally {
    rmSync(draft, { recursive: true, force: true });
  }
}

let creating: Promise<void> | undefined;

/** Copies a migrated PGlite database to `dir` (which must not hold one yet). */
export async function copyMigratedPglite(dir: string): Promise<void> {
  if (!existsSync(saved)) await (creating ??= createSaved().finally(() => (creating = undefined)));
  cpSync(saved, dir, { recursive: true });
}

/**
 * A temporary DATA_DIR (removed when the test finishes) holding a migrated PGlite database where the server looks
 * for it.
 */
export async function migratedDataDir(prefix = 'essay-data-'): Promise<string> {
  const dataDir = tempDir(prefix);
  await copyMigratedPglite(join(dataDir, PGLITE_DIR));
  return dataDir;
}
