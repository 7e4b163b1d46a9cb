// `npm run bench:failover`: students keep saving through real failovers. A pg_auto_failover formation on
// loopback (failoverFormation.ts: a monitor, three data nodes, number_sync_standbys=1), two app instances
// (the compiled server) sharing Redis, and students each saving their questionnaire and an analytics batch in
// a loop, alternating instances, as the device does: every write with its Idempotency-Key, sent again as it
// was until answered. The primary node's pg_autoctl and postgres are killed with kill -9, three times (the
// killed node rejoins as a standby before the next), then a standby is killed, writing goes on, and the
// primary is killed. Every student is then read back: acknowledged saves lost, applied twice, students shown
// a false conflict. The figures go to test/bench/RESULTS.md, in a section of their own.
// Needs root (the nodes run as the postgres user), Debian's postgresql-15-auto-failover and
// pg-auto-failover-cli, and a Redis at TEST_REDIS_URL (default redis://127.0.0.1:56379).
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { documentWith, type ServerProcess, startServer, stopServer } from '../server/serverProcess.ts';
import { type Formation, formationMissing, settled, startFormation, until, WRITABLE } from './failoverFormation.ts';
import { commitFacts, FAILOVER_SECTION, machineFacts, RESULTS_FILE, withFailoverSection } from './results.ts';

const STUDENTS = Number(process.env.FAILOVER_STUDENTS ?? 20);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (line: string) => console.info(`[failover ${new Date().toISOString().slice(11, 19)}] ${line}`);

type Phase = 'before' | 'during' | 'after';
interface Answer { at: number; status: number }
interface Kill {
  label: string; killedAt: number; newPrimaryAt?: number; lastSaveAt?: number; acknowledged: Record<Phase, number>;
  /** When no node was promoted in time and the stopped standby was started again. */
  rescuedAt?: number;
}

const answers: Answer[] = [];
let current: Kill | undefined;
let stopping = false;
let falseConflicts = 0;

/** One logical write, sent again as it was (same key, same body) until answered; the answer's body, or null for a 409. */
async function untilAnswered(send: (key: string) => Promise<Response>): Promise<unknown> {
  const key = randomUUID();
  for (;;) {
    const kill = current;
    const phase: Phase = kill === undefined ? 'before' : kill.newPrimaryAt === undefined ? 'during' : 'after';
    const response = await send(key).catch(() => undefined);
    const status = response?.status ?? 0;
    answers.push({ at: performance.now(), status });
    if (status === 200) {
      if (kill !== undefined) {
        kill.acknowledged[phase] += 1;
        kill.lastSaveAt = performance.now();
      }
      return response?.json();
    }
    if (status === 409) return null;
    if (status === 429) {
      // A browser's own rate, met while retrying through the window: waited out, as the device does.
      await sleep(Number(response?.headers.get('retry-after') ?? 1) * 1000);
      continue;
    }
    if (status !== 503 && status !== 0) throw new Error(`unexpected answer ${status}: ${await response?.text()}`);
    // The device waits out Retry-After (5 s); the bench retries after 200 ms to see the window's edges.
    await sleep(200);
  }
}

async function student(index: number, instances: readonly ServerProcess[]) {
  const [first] = instances;
  if (first === undefined) throw new Error('no instance');
  const session = await fetch(first.url('/api/session'), { method: 'POST', headers: { origin: first.origin } });
  const cookie = session.headers.getSetCookie()[0]?.split(';', 1)[0] ?? '';
  const uid = ((await session.json()) as { uid: string }).uid;
  let revision = 0;
  let saves = 0;
  let batches = 0;
  let lastSaved = '';
  let turn = index;
  const send = (method: string, path: string, body: unknown) => (key: string) => {
    turn += 1;
    const instance = instances[turn % instances.length] ?? first;
    return fetch(instance.url(path), {
      method, body: JSON.stringify(body),
      headers: { cookie, origin: first.origin, 'content-type': 'application/json', 'idempotency-key': key },
      signal: AbortSignal.timeout(20_000),
    });
  };
  while (!stopping) {
    const marker = `student ${index} save ${saves + 1}`;
    const saved = await untilAnswered(send('PUT', '/api/forms/me', { document: documentWith(marker), baseRevision: revision }));
    if (saved === null) {
      // One device and nobody else writing: a conflict can only be with its own write.
      falseConflicts += 1;
      const read = await fetch(first.url('/api/forms/me'), { headers: { cookie } });
      revision = ((await read.json()) as { revision: number }).revision;
      continue;
    }
    revision = (saved as { revision: number }).revision;
    saves += 1;
    lastSaved = marker;
    const batch = { events: [{ name: 'page_viewed', timestamp: new Date().toISOString(), params: { page_path: '/form' } }] };
    await untilAnswered(send('POST', '/api/events', batch));
    batches += 1;
    // A save and a batch about every second: within a browser's own rates (60 batches a minute).
    await sleep(800 + Math.random() * 400);
  }
  return { uid, cookie, saves, batches, lastSaved };
}

/** The node the monitor holds as primary: writable, and where the monitor wants it (a dead one still reports 'primary'). */
const primaryOf = async (formation: Formation) =>
  (await formation.state()).find((node) => WRITABLE.has(node.state) && node.state === node.assigned)?.name;

/**
 * Kills the primary node; answers when the monitor names another primary and a save has been acknowledged. With
 * `rescue`, a formation that promotes no node within 30 s gets it (the stopped standby started again).
 */
async function killPrimary(formation: Formation, label: string, rescue?: () => void): Promise<Kill> {
  const primary = await primaryOf(formation);
  if (primary === undefined) throw new Error('no primary to kill');
  const kill: Kill = { label, killedAt: performance.now(), acknowledged: { before: 0, during: 0, after: 0 } };
  current = kill;
  formation.kill(primary);
  log(`${label}: killed ${primary} (kill -9 of its pg_autoctl and postgres)`);
  let promotedNode: string | undefined;
  const promoted = async () => {
    const next = await primaryOf(formation);
    if (next !== undefined && next !== primary) promotedNode = next;
    return promotedNode !== undefined;
  };
  try {
    await until('another node is primary', promoted, rescue === undefined ? 120_000 : 30_000);
  } catch (error) {
    if (rescue === undefined) throw error;
    kill.rescuedAt = performance.now();
    log(`${label}: no node promoted in 30 s; the stopped standby is started again`);
    rescue();
    await until('another node is primary', promoted);
  }
  kill.newPrimaryAt = performance.now();
  log(`${label}: ${promotedNode} primary after ${Math.round(kill.newPrimaryAt - kill.killedAt)} ms`);
  await until('a save is acknowledged again', async () => (kill.lastSaveAt ?? 0) > (kill.newPrimaryAt ?? 0), 60_000);
  await sleep(3_000);
  formation.restart(primary);
  await until('the killed node rejoins', () => settled(formation), 180_000);
  log(`${label}: ${primary} back as a standby`);
  return kill;
}

/** The first save acknowledged after the kill that was sent once the new primary was named, or the last answer. */
const firstSaveAfter = (kill: Kill): number =>
  answers.find((answer) => answer.status === 200 && answer.at > (kill.newPrimaryAt ?? kill.killedAt))?.at ?? kill.killedAt;

/** The 503s (and refused connections) after a kill: from the first to the last before saves went through again. */
function unavailableWindow(kill: Kill): { ms: number; count: number } {
  const until = firstSaveAfter(kill);
  const failed = answers.filter((answer) => answer.status !== 200 && answer.at >= kill.killedAt && answer.at <= until);
  if (failed.length === 0) return { ms: 0, count: 0 };
  return { ms: (failed.at(-1)?.at ?? 0) - (failed[0]?.at ?? 0), count: failed.length };
}

async function main(): Promise<void> {
  if (formationMissing !== undefined) throw new Error(`${formationMissing} is missing: apt-get install -y postgresql-15-auto-failover pg-auto-failover-cli`);
  const startedAt = new Date();
  const machine = machineFacts();
  const formation = await startFormation(log);
  const instances: ServerProcess[] = [];
  try {
    const env = {
      DATABASE_URL: formation.url,
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:56379',
      REDIS_KEY_PREFIX: `bench-failover-${process.pid}:`,
      DATABASE_STATEMENT_TIMEOUT: '5s',
      // Every student behind one address: the bench is one network.
      RATE_LIMIT_MAX: '1000000', SESSION_LIMIT_PER_IP: '100000', STUDENTS_PER_NETWORK: '100000',
    };
    for (let n = 0; n < 2; n += 1) instances.push(await startServer({ env, publicUrl: 'http://localhost:8080', echoStderr: false }));
    log(`two instances on ${instances.map((instance) => instance.port).join(', ')}`);
    await until('the formation settles', () => settled(formation));
    const running = Array.from({ length: STUDENTS }, (_, index) => student(index, instances));
    await sleep(5_000);
    const beforeKills = answers.filter((answer) => answer.status === 200).length;
    const kills: Kill[] = [];
    for (let n = 1; n <= 3; n += 1) {
      kills.push(await killPrimary(formation, `kill ${n}`));
      await sleep(3_000);
    }
    // A standby down, writing going on (one synchronous standby is left), then the primary killed.
    const standby = (await formation.state()).find((node) => node.state === 'secondary')?.name ?? '';
    formation.kill(standby);
    log(`standby down: killed ${standby}`);
    await sleep(8_000);
    let restarted = false;
    const standbyDown = await killPrimary(formation, 'standby down, then the primary', () => {
      restarted = true;
      formation.restart(standby);
    });
    if (!restarted) formation.restart(standby);
    await until('the stopped standby rejoins', () => settled(formation), 180_000).catch((error: unknown) => log(String(error)));
    kills.push(standbyDown);
    await sleep(3_000);
    stopping = true;
    const students = await Promise.all(running);

    let lost = 0;
    let doubled = 0;
    const [first] = instances;
    for (const { uid, cookie, saves, batches, lastSaved } of students) {
      const form = await (await fetch(first!.url('/api/forms/me'), { headers: { cookie } })).json() as { revision: number; document: { basicInfo: { fullName: string } } };
      if (form.document.basicInfo.fullName !== lastSaved) lost += 1;
      if (form.revision > saves) doubled += form.revision - saves;
      if (form.revision < saves) lost += saves - form.revision;
      const events = await countEvents(formation, uid);
      if (events > batches) doubled += events - batches;
      if (events < batches) lost += batches - events;
    }
    const acknowledged = answers.filter((answer) => answer.status === 200).length;
    const report = resultsSection({ startedAt, machine, kills, lost, doubled, students: students.length, acknowledged, beforeKills });
    log(report);
    writeResults(report);
    if (lost !== 0 || doubled !== 0 || falseConflicts !== 0) process.exitCode = 1;
  } finally {
    stopping = true;
    for (const instance of instances) await stopServer(instance);
    await formation.close();
  }
}

/** The events stored for a student, read from the primary. */
async function countEvents(formation: Formation, uid: string): Promise<number> {
  const primary = (await formation.state()).find((node) => WRITABLE.has(node.state) && node.state === node.assigned);
  const client = new pg.Client({ host: '127.0.0.1', port: primary?.port, user: 'postgres', database: 'postgres' });
  await client.connect();
  try {
    return Number((await client.query<{ count: string }>('select count(*) as count from events where uid = $1', [uid])).rows[0]?.count ?? 0);
  } finally {
    await client.end();
  }
}

interface Figures {
  startedAt: Date; machine: string; kills: Kill[]; lost: number; doubled: number; students: number; acknowledged: number; beforeKills: number;
}


function resultsSection(figures: Figures): string {
  const rows = figures.kills.map((kill) => {
    const window = unavailableWindow(kill);
    const rescued = kill.rescuedAt === undefined ? '' : ` (none promoted in ${Math.round(kill.rescuedAt - kill.killedAt)} ms: the stopped standby was started again then)`;
    return `| ${kill.label} | ${Math.round((kill.newPrimaryAt ?? 0) - kill.killedAt)} ms${rescued} | ${Math.round(window.ms)} ms (${window.count}) | `
      + `${kill.acknowledged.during} / ${kill.acknowledged.after} |`;
  });
  return [
    FAILOVER_SECTION.start,
    '## Failover (`npm run bench:failover`)',
    '',
    `- commit: ${commitFacts()}`,
    `- run: ${figures.startedAt.toISOString()}; machine: ${figures.machine}`,
    `- a pg_auto_failover 2.0 formation (monitor and three PostgreSQL 15 data nodes, number_sync_standbys=1, the monitor's health checks every second, a node unhealthy after 3 s, a dead primary waited for 5 s), two app instances with Redis, ${figures.students} students each saving the questionnaire and an analytics batch in a loop, alternating instances, every write with its Idempotency-Key and sent again as it was until answered (after 200 ms; the device waits out Retry-After)`,
    '',
    '| event | time to the new primary (monitor) | window of 503s after the kill (answers) | acknowledged saves sent during the failover / after it |',
    '|---|---|---|---|',
    ...rows,
    '',
    `- saves and batches acknowledged before the first kill: ${figures.beforeKills}; in all: ${figures.acknowledged}`,
    `- after reading every student back: acknowledged saves lost **${figures.lost}**, applied twice **${figures.doubled}**, students shown a false conflict **${falseConflicts}**`,
    FAILOVER_SECTION.end,
  ].join('\n');
}

/** Replaces the bench's own section of RESULTS.md (or adds it), leaving the rest as `npm run bench` wrote it. */
function writeResults(section: string): void {
  writeFileSync(RESULTS_FILE, withFailoverSection(readFileSync(RESULTS_FILE, 'utf8'), section));
}

await main();
