// PGlite backup and restore through the command an operator runs: a server saves a student's form, the backup
// refuses while the server runs, then (server stopped) backs DATA_DIR up; the restore goes into a new DATA_DIR
// and a server started there gives the same student (same cookie, so the generated secret came along) the
// saved form back.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { Browser, documentWith, serverCommand, startServer, stopServer } from '../serverProcess.ts';
import { PROCESS_STEP_MS, processSteps } from '../../setup/processStep.ts';
import { migratedDataDir } from '../serverDataDir.ts';
import { tempDir } from '../tempDir.ts';

function cli(command: 'backup' | 'restore', backupDir: string, dataDir: string) {
  const [node = '', ...args] = serverCommand('server/backup/cli');
  const result = spawnSync(node, [...args, command, backupDir], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir }, encoding: 'utf8', timeout: PROCESS_STEP_MS,
  });
  if (result.error) throw new Error(`${command} did not end: ${result.error.message}\n${result.stdout}${result.stderr}`);
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('PGlite backup and restore', () => {
  it('backs up a stopped server\'s DATA_DIR and restores it into a new one that serves the same student', async () => {
    // A DATA_DIR that already holds the database, as after the server's first start (initdb is not the subject).
    const dataDir = await migratedDataDir('essay-backup-data-');
    const backupDir = join(tempDir('essay-backup-'), 'backup');
    const restoredDir = tempDir('essay-restored-');
    // No COOKIE_SECRET: the server generates one into DATA_DIR, which the backup must carry.
    const env = { COOKIE_SECRET: '' };

    const server = await startServer({ env: { ...env, DATA_DIR: dataDir } });
    onTestFinished(async () => {
      await stopServer(server);
    });
    const browser = new Browser(server.origin);
    await browser.startSession(server);
    const saved = await browser.request(server, 'PUT', '/api/forms/me', { document: documentWith('backed up'), baseRevision: 0 });
    expect(saved.status).toBe(200);

    const refused = cli('backup', backupDir, dataDir);
    expect(refused.status).toBe(1);
    expect(refused.output).toContain('stop it first');

    expect(await stopServer(server, 'SIGTERM')).toBe(0);
    const backedUp = cli('backup', backupDir, dataDir);
    expect(backedUp.output).toContain('Backed up');
    expect(backedUp.status).toBe(0);

    const restored = cli('restore', backupDir, restoredDir);
    expect(restored.output).toContain('Restored');
    expect(restored.status).toBe(0);
    // A second restore over the restored database is refused rather than mixing two databases.
    expect(cli('restore', backupDir, restoredDir).status).toBe(1);

    const again = await startServer({ env: { ...env, DATA_DIR: restoredDir } });
    onTestFinished(async () => {
      await stopServer(again);
    });
    const read = await browser.request(again, 'GET', '/api/forms/me');
    expect(read.status).toBe(200);
    const record = await read.json() as { revision: number; document: { basicInfo: { fullName: string } } };
    expect(record.revision).toBe(1);
    expect(record.document.basicInfo.fullName).toBe('backed up');
    // The saved database (made once per machine), two servers started and one stopped, the command run four times.
  }, processSteps(8));
});
