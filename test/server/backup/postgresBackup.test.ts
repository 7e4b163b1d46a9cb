// PostgreSQL backup and restore with the commands src/server/backup/README.md gives: Debian's pg_dump (custom format) of the
// app's schema with a saved form in it, pg_restore into a new database, and a server on the restored database
// gives the student (same cookie) the saved form back.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openPostgres } from '../../../src/server/db/connection.ts';
import { migrate } from '../../../src/server/db/migrate.ts';
import { buildApp } from '../../../src/server/app.ts';
import { startSession, testConfig } from '../helper.ts';
import { PROCESS_STEP_MS, processSteps } from '../../setup/processStep.ts';
import { documentWith } from '../serverProcess.ts';
import { tempDir } from '../tempDir.ts';
import { adminQuery } from '../databases.ts';

const postgresUrl = process.env.TEST_DATABASE_URL || undefined;
const BIN = '/usr/lib/postgresql/15/bin';

/** `url` pointed at another database on the same server, optionally with the app's tables in `schema`. */
function withPath(url: string, database: string, schema?: string): string {
  const scoped = new URL(url);
  scoped.pathname = `/${database}`;
  scoped.search = '';
  if (schema) scoped.searchParams.set('options', `-c search_path=${schema}`);
  return scoped.toString();
}

async function appOn(url: string) {
  const database = openPostgres(url);
  await migrate(database.db);
  const app = await buildApp({ config: testConfig(), db: database });
  onTestFinished(async () => {
    await app.close();
    await database.close();
  });
  return app;
}

function run(command: string, args: string[]): void {
  const result = spawnSync(join(BIN, command), args, { encoding: 'utf8', timeout: PROCESS_STEP_MS });
  if (result.error || result.status !== 0) throw new Error(`${command} failed: ${result.error?.message ?? ''}\n${result.stderr}`);
}

describe.skipIf(postgresUrl === undefined)('PostgreSQL backup and restore', () => {
  it('pg_dump of the app\'s data, pg_restore into a new database, and the server reads the saved form back', async () => {
    const url = postgresUrl ?? '';
    const id = randomBytes(5).toString('hex');
    const schema = `backup_${id}`;
    const restoredDatabase = `restored_${id}`;
    const source = new URL(url).pathname.slice(1) || 'postgres';
    await adminQuery(url, `create schema ${schema}`);
    onTestFinished(() => adminQuery(url, `drop schema if exists ${schema} cascade`));

    const app = await appOn(withPath(url, source, schema));
    const { cookie } = await startSession(app);
    const saved = await app.inject({
      method: 'PUT', url: '/api/forms/me', headers: { cookie }, payload: { document: documentWith('in the dump'), baseRevision: 0 },
    });
    expect(saved.statusCode).toBe(200);

    const dump = join(tempDir('essay-pgdump-'), 'essay.dump');
    // The commands of src/server/backup/README.md, with --schema because the shared test server holds other tests' schemas.
    run('pg_dump', ['--format=custom', `--schema=${schema}`, `--file=${dump}`, `--dbname=${url}`]);
    await adminQuery(url, `create database ${restoredDatabase}`);
    onTestFinished(() => adminQuery(url, `drop database if exists ${restoredDatabase} with (force)`));
    const restoredUrl = withPath(url, restoredDatabase, schema);
    run('pg_restore', ['--no-owner', `--dbname=${withPath(url, restoredDatabase)}`, dump]);

    const restoredApp = await appOn(restoredUrl);
    const read = await restoredApp.inject({ method: 'GET', url: '/api/forms/me', headers: { cookie } });
    expect(read.statusCode).toBe(200);
    expect(read.json<{ revision: number; document: { basicInfo: { fullName: string } } }>()).toMatchObject({
      revision: 1, document: { basicInfo: { fullName: 'in the dump' } },
    });
  }, processSteps(2)); // pg_dump, pg_restore
});
