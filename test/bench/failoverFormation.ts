// A pg_auto_failover formation on loopback for the failover bench, from Debian's packages
// (postgresql-15-auto-failover, pg-auto-failover-cli): a monitor and three data nodes, each `pg_autoctl … --run`
// in a process group of its own run as the postgres user, so killing a node is one kill -9 of its group: its
// pg_autoctl and its postgres alike. Everything lives in a temp folder removed by close().
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);
const BIN = '/usr/lib/postgresql/15/bin';
const PATH = `${BIN}:${process.env.PATH ?? ''}`;

export const formationMissing: string | undefined = ['/usr/bin/pg_autoctl', `${BIN}/initdb`].find((file) => !existsSync(file));

interface NodeState { name: string; port: number; state: string; assigned: string }

export interface Formation {
  nodes: ReadonlyArray<{ name: string; port: number }>;
  /** libpq's URL over the three data nodes, asking for the primary. */
  url: string;
  state(): Promise<NodeState[]>;
  /** kill -9 of the node's pg_autoctl and its postgres (its whole process group). */
  kill(name: string): void;
  /** `pg_autoctl run` again on the node's data: it rejoins as a standby. */
  restart(name: string): void;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function until(what: string, condition: () => Promise<boolean>, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await sleep(100);
  }
}

async function freePorts(count: number): Promise<number[]> {
  const base = 20_000 + Math.floor(Math.random() * 20_000);
  return Array.from({ length: count }, (_, index) => base + index);
}

/**
 * Faster failure detection than the monitor's defaults (a node unhealthy after 20 s, health checks every 5 s, a
 * dead primary waited for 30 s), through its documented settings, so a failover takes seconds rather than 40-60.
 */
const MONITOR_SETTINGS = [
  "alter system set pgautofailover.health_check_period = '1000'",
  "alter system set pgautofailover.health_check_timeout = '1000'",
  "alter system set pgautofailover.health_check_max_retries = '1'",
  "alter system set pgautofailover.health_check_retry_delay = '500'",
  "alter system set pgautofailover.node_considered_unhealthy_timeout = '3000'",
  // How long a standby waits before it takes over from a primary that cannot be told to step down (30 s).
  "alter system set pgautofailover.primary_demote_timeout = '5000'",
];

export async function startFormation(log: (line: string) => void): Promise<Formation> {
  const dir = mkdtempSync(join(tmpdir(), 'essay-formation-'));
  const uid = Number((await run('id', ['-u', 'postgres'])).stdout);
  chownSync(dir, uid, Number((await run('id', ['-g', 'postgres'])).stdout));
  const [monitorPort = 0, ...dataPorts] = await freePorts(4);
  const nodes = dataPorts.map((port, index) => ({ name: `node${index + 1}`, port }));
  const monitorUrl = `postgres://autoctl_node@127.0.0.1:${monitorPort}/pg_auto_failover?sslmode=disable`;
  const groups = new Map<string, ChildProcess>();
  const env = { PATH, XDG_CONFIG_HOME: join(dir, 'config'), XDG_DATA_HOME: join(dir, 'data') };
  const asPostgres = (args: string[]) => ['-u', 'postgres', '--', 'env', ...Object.entries(env).map(([key, value]) => `${key}=${value}`), ...args];
  const launch = (name: string, args: string[]) => {
    const child = spawn('runuser', asPostgres(args), { cwd: dir, detached: true, stdio: 'ignore' });
    groups.set(name, child);
  };
  const autoctl = async (...args: string[]) => (await run('runuser', asPostgres(['pg_autoctl', ...args]), { cwd: dir })).stdout;
  const state = async (): Promise<NodeState[]> => {
    const rows = JSON.parse(await autoctl('show', 'state', '--pgdata', join(dir, 'monitor'), '--json')) as Array<{
      nodename: string; nodeport: number; current_group_state: string; assigned_group_state: string;
    }>;
    return rows.map((row) => ({ name: row.nodename, port: row.nodeport, state: row.current_group_state, assigned: row.assigned_group_state }));
  };
  /** kill -9 of the postmaster named by the data folder's pid file, if any. */
  const killPostgres = (name: string) => {
    const pidFile = join(dir, name, 'postmaster.pid');
    const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8').split('\n', 1)[0]) : Number.NaN;
    if (!Number.isInteger(pid) || pid <= 0) return;
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  const kill = (name: string) => {
    const child = groups.get(name);
    if (child?.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    killPostgres(name);
    groups.delete(name);
  };
  const formation: Formation = {
    nodes,
    url: `postgres://postgres@${nodes.map((node) => `127.0.0.1:${node.port}`).join(',')}/postgres?target_session_attrs=primary`,
    state,
    kill,
    restart: (name) => launch(name, ['pg_autoctl', 'run', '--pgdata', join(dir, name)]),
    async close() {
      for (const name of [...groups.keys()]) kill(name);
      await sleep(500);
      // A postgres that outlived its group (started by a pg_autoctl since killed): by its own pid file.
      for (const name of ['monitor', ...nodes.map((node) => node.name)]) killPostgres(name);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    launch('monitor', ['pg_autoctl', 'create', 'monitor', '--pgdata', join(dir, 'monitor'), '--pgport', String(monitorPort),
      '--hostname', '127.0.0.1', '--auth', 'trust', '--no-ssl', '--run']);
    await until('the monitor answers', async () => {
      const client = new pg.Client({ host: '127.0.0.1', port: monitorPort, user: 'postgres', database: 'pg_auto_failover' });
      await client.connect();
      try {
        for (const setting of MONITOR_SETTINGS) await client.query(setting);
        await client.query('select pg_reload_conf()');
      } finally {
        await client.end();
      }
      return true;
    });
    log(`monitor on ${monitorPort}`);
    for (const node of nodes) {
      launch(node.name, ['pg_autoctl', 'create', 'postgres', '--pgdata', join(dir, node.name), '--pgport', String(node.port),
        '--hostname', '127.0.0.1', '--name', node.name, '--monitor', monitorUrl, '--auth', 'trust', '--no-ssl', '--pg-hba-lan', '--run']);
      await until(`${node.name} joins`, async () => {
        const found = (await state()).find((entry) => entry.name === node.name);
        // The first node alone is 'single'; it becomes 'primary' once a standby follows.
        return found !== undefined && ['single', 'primary', 'secondary'].includes(found.state) && found.state === found.assigned;
      });
      log(`${node.name} on ${node.port}: ${(await state()).find((entry) => entry.name === node.name)?.state}`);
    }
    await autoctl('set', 'formation', 'number-sync-standbys', '--pgdata', join(dir, 'node1'), '1');
    log((await autoctl('show', 'settings', '--pgdata', join(dir, 'monitor'))).split('\n').filter((line) => /number_sync|synchronous_standby/.test(line)).join('\n'));
  } catch (error) {
    await formation.close();
    throw error;
  }
  return formation;
}

/** Writable states: alone, waiting for a standby to catch up (replication not yet synchronous), or primary. */
export const WRITABLE = new Set(['single', 'wait_primary', 'primary']);

/** The formation settled: one primary, every other node a secondary, each where the monitor wants it. */
export async function settled(formation: Formation, nodes = 3): Promise<boolean> {
  const states = await formation.state();
  return states.length === nodes && states.every((node) => node.state === node.assigned)
    && states.filter((node) => node.state === 'primary').length === 1
    && states.filter((node) => node.state === 'secondary').length === nodes - 1;
}
