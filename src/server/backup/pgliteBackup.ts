// Backup and restore of a PGlite installation (DATA_DIR): the database as PGlite's own dump of its data
// directory (a gzipped tar, `pglite.tar.gz`), and the generated cookie secret beside it (without it, every
// student's session cookie stops matching and their saved work cannot be reached).
//
// The server must be stopped: PGlite's data directory belongs to one process at a time, and a second one
// opening it while the server writes would corrupt it. The server records its process id in
// DATA_DIR/pglite.pid while it has the database open; both commands refuse while that process is alive.
// Opening the database to dump it also replays any WAL a killed server left, so the dump is consistent.
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { COOKIE_SECRET_FILE } from '../session/cookieSecret.ts';
import { PGLITE_DIR, PGLITE_PID_FILE } from '../db/connection.ts';
import { createDurablePglite } from '../db/pgliteDurability.ts';

export const DUMP_FILE = 'pglite.tar.gz';

export class BackupError extends Error {}

/** Refuses when a live process holds DATA_DIR's database. */
export function assertStopped(dataDir: string): void {
  const file = join(dataDir, PGLITE_PID_FILE);
  if (!existsSync(file)) return;
  const pid = Number(readFileSync(file, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return; // left by a server that was killed
    throw error;
  }
  throw new BackupError(`The server (process ${pid}) has ${dataDir} open: stop it first, then run this again.`);
}

/** Writes DATA_DIR's database and cookie secret into `backupDir` (created; must not hold a backup yet). */
export async function backupPglite(dataDir: string, backupDir: string): Promise<{ bytes: number }> {
  assertStopped(dataDir);
  const databaseDir = join(dataDir, PGLITE_DIR);
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) throw new BackupError(`No PGlite database in ${databaseDir}.`);
  if (existsSync(join(backupDir, DUMP_FILE))) throw new BackupError(`${backupDir} already holds a backup.`);
  mkdirSync(backupDir, { recursive: true });
  const { pglite, wal } = await createDurablePglite(databaseDir, 'fsync');
  let dump: Buffer;
  try {
    dump = Buffer.from(await (await pglite.dumpDataDir('gzip')).arrayBuffer());
  } finally {
    await pglite.close();
    await wal?.close();
  }
  writeDurably(join(backupDir, DUMP_FILE), dump);
  const secret = join(dataDir, COOKIE_SECRET_FILE);
  if (existsSync(secret)) writeDurably(join(backupDir, COOKIE_SECRET_FILE), readFileSync(secret));
  return { bytes: dump.length };
}

/** Restores a backup into `dataDir`, which must hold no database yet (restore into a new DATA_DIR). */
export async function restorePglite(backupDir: string, dataDir: string): Promise<void> {
  assertStopped(dataDir);
  const databaseDir = join(dataDir, PGLITE_DIR);
  if (existsSync(join(databaseDir, 'PG_VERSION'))) {
    throw new BackupError(`${databaseDir} already holds a database: restore into a new DATA_DIR (or move that one away first).`);
  }
  const dump = readFileSync(join(backupDir, DUMP_FILE));
  mkdirSync(databaseDir, { recursive: true });
  const pglite = await PGlite.create({ dataDir: databaseDir, loadDataDir: new Blob([new Uint8Array(dump)], { type: 'application/x-gzip' }) });
  await pglite.query('select 1');
  await pglite.close();
  // PGlite writes the files without syncing them: sync every one before saying the restore is done.
  syncTree(databaseDir);
  const secret = join(backupDir, COOKIE_SECRET_FILE);
  if (existsSync(secret)) writeDurably(join(dataDir, COOKIE_SECRET_FILE), readFileSync(secret), 0o600);
}

/** Puts a file's (or a directory's) contents on disk. */
function fsyncPath(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function writeDurably(file: string, data: Buffer, mode = 0o600): void {
  const draft = `${file}.${process.pid}.tmp`;
  writeFileSync(draft, data, { mode });
  fsyncPath(draft);
  renameSync(draft, file);
}

function syncTree(dir: string): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) syncTree(path);
    else fsyncPath(path);
  }
  fsyncPath(dir);
}
