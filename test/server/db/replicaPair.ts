// Two throwaway PostgreSQL 15 servers on loopback for the failover tests: a primary and a streaming standby
// copied from it with pg_basebackup -R, in a temp folder, run as the postgres user (as .ci/run starts its own).
// close() stops both and removes the folder, whatever state the test left them in.
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const BIN = '/usr/lib/postgresql/15/bin';
const run = promisify(execFile);

/** Why these tests cannot run here, or undefined when they can. */
export const replicaPairMissing: string | undefined = existsSync(`${BIN}/initdb`)
  ? undefined
  : `${BIN}/initdb is missing (Debian's postgresql package, as .ci/run installs)`;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const asPostgres = (command: string, ...args: string[]) => run('runuser', ['-u', 'postgres', '--', `${BIN}/${command}`, ...args]);

export interface ReplicaPair {
  primaryPort: number;
  standbyPort: number;
  /** The libpq URL listing `ports` in that order, asking for the primary. */
  url(ports: readonly number[]): string;
  /** One statement on one server, on a connection of its own. */
  query<R extends pg.QueryResultRow>(port: number, text: string): Promise<R[]>;
  stopPrimary(): Promise<void>;
  promoteStandby(): Promise<void>;
  close(): Promise<void>;
}

export async function startReplicaPair(): Promise<ReplicaPair> {
  const dir = mkdtempSync(join(tmpdir(), 'essay-replicas-'));
  chownSync(dir, Number((await run('id', ['-u', 'postgres'])).stdout), Number((await run('id', ['-g', 'postgres'])).stdout));
  const [primaryPort, standbyPort] = [await freePort(), await freePort()];
  const dataOf = (port: number) => join(dir, String(port));
  const started: number[] = [];
  const start = async (port: number) => {
    started.push(port);
    await asPostgres('pg_ctl', '-D', dataOf(port), '-l', `${dataOf(port)}.log`, '-w', 'start',
      '-o', `-h 127.0.0.1 -p ${port} -k ${dir} -F -c shared_buffers=16MB -c max_connections=40`);
  };
  const stop = (port: number) => asPostgres('pg_ctl', '-D', dataOf(port), '-m', 'immediate', '-w', 'stop').then(() => undefined, () => undefined);
  const pair: ReplicaPair = {
    primaryPort,
    standbyPort,
    url: (ports) => `postgres://postgres@${ports.map((port) => `127.0.0.1:${port}`).join(',')}/postgres?target_session_attrs=primary`,
    async query<R extends pg.QueryResultRow>(port: number, text: string) {
      const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
      await client.connect();
      try {
        return (await client.query<R>(text)).rows;
      } finally {
        await client.end();
      }
    },
    stopPrimary: () => stop(primaryPort),
    promoteStandby: () => asPostgres('pg_ctl', '-D', dataOf(standbyPort), '-w', 'promote').then(() => undefined),
    async close() {
      await Promise.all(started.map(stop));
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await asPostgres('initdb', '-D', dataOf(primaryPort), '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale', '-N');
    await start(primaryPort);
    await asPostgres('pg_basebackup', '-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres', '-D', dataOf(standbyPort),
      '-R', '-X', 'stream', '-c', 'fast', '-N');
    await start(standbyPort);
    // Streaming before the tests rely on it: the primary sees its standby.
    for (let tries = 0; (await pair.query(primaryPort, 'select 1 from pg_stat_replication')).length === 0; tries += 1) {
      if (tries > 100) throw new Error('the standby never started streaming');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } catch (error) {
    await pair.close();
    throw error;
  }
  return pair;
}
