// `npm run backup -- <backup dir>` and `npm run restore -- <backup dir>` (or, from a build,
// `node dist/node/server/backup/cli.js backup|restore <backup dir>`): PGlite's DATA_DIR (default ./data) to a
// backup directory and back, with the server stopped. PostgreSQL is backed up with pg_dump (see README.md here).
import { BackupError, backupPglite, restorePglite } from './pgliteBackup.ts';

const [command, backupDir] = process.argv.slice(2);
const dataDir = process.env.DATA_DIR || './data';

try {
  if (process.env.DATABASE_URL) throw new BackupError('DATABASE_URL is set: back PostgreSQL up with pg_dump and restore it with pg_restore (see src/server/backup/README.md).');
  if (!backupDir || (command !== 'backup' && command !== 'restore')) throw new BackupError('usage: cli.ts backup|restore <backup dir>');
  if (command === 'backup') {
    const { bytes } = await backupPglite(dataDir, backupDir);
    console.log(`Backed up ${dataDir} to ${backupDir} (${(bytes / 1024 / 1024).toFixed(1)} MB compressed).`);
  } else {
    await restorePglite(backupDir, dataDir);
    console.log(`Restored ${backupDir} into ${dataDir}: start the server on it.`);
  }
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
