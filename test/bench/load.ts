// The load bench: N simulated students (default 1,000, 50 at a time) against real server processes. Each
// student starts a session, saves the form document five times (PUT /api/forms/me, each on the revision the
// last answer gave), asks for topic suggestions and asks whoami. Every acknowledged save is read back at the end.
//
// Scenarios:
// - pglite: one instance on a new PGlite data directory (its idle memory after that first start, after a
//   restart, and the first requests' latency are measured too);
// - pglite-kill: the same, killed with SIGKILL half way, restarted on the same DATA_DIR, then read back;
// - postgres: two instances on one PostgreSQL and one Redis, each student's requests alternating between them;
// - postgres-kill: the same, one instance killed with SIGKILL half way (requests to it go to the other, as a
//   load balancer would send them);
// - workers-1 / workers-2: one instance on PostgreSQL and Redis with WEB_CONCURRENCY=1, then 2.
// The PostgreSQL scenarios need BENCH_DATABASE_URL or TEST_DATABASE_URL and BENCH_REDIS_URL, TEST_REDIS_URL or
// REDIS_URL; without them they are skipped. Each run uses a schema and a Redis key prefix of its own.
//
// Latencies are the client's. The generator warms its own fetch first (see warmClient), so the first wave
// (the first `concurrency` students, reported apart) measures the server rather than a cold client.
//
// `npm run bench:load -- --students 1000 --concurrency 50 [--only pglite,postgres-kill]` (compiles the server
// first and runs the compiled server, as production does); part of `npm run bench`.
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { RICH_PROFILES } from '../fixtures/profiles.ts';
import { deleteKeys } from '../server/redis.ts';
import { type ServerProcess, startServer, stopServer } from '../server/serverProcess.ts';
import { type BenchRow, formatRows } from './types.ts';
import { adminQuery } from '../server/databases.ts';

const ORIGIN = 'http://essay-studio.bench';
const SAVES_PER_STUDENT = 5;
/** Limits raised so the bench measures the server, not its rate limits (one address plays every student). */
const UNLIMITED = {
  RATE_LIMIT_MAX: '10000000', SESSION_LIMIT_PER_IP: '10000000', AI_RATE_LIMIT_PER_BROWSER: '10000000',
  AI_RATE_LIMIT_PER_IP: '10000000', AI_DAILY_BUDGET_PER_IP: '10000000', AI_DAILY_CAP: '10000000',
  STUDENTS_PER_NETWORK: '10000000',
};
const ROUTES = ['POST /api/session', 'PUT /api/forms/me', 'POST /api/topic-suggestions', 'GET /api/whoami'] as const;
type Route = (typeof ROUTES)[number];

const profile = RICH_PROFILES[0];
if (!profile) throw new Error('test/fixtures/profiles.ts has no rich profile');
const baseForm = profile.form;

// ---------------------------------------------------------------------------------------------------- figures

/** The q-th quantile (0–1) of sorted values, nearest rank. */
function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
}

/** Resident memory of a process and all its descendants (a cluster's primary and its workers), in MB. */
export function treeRssMb(pid: number): number {
  let kilobytes = 0;
  const visit = (id: number) => {
    try {
      kilobytes += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${id}/status`, 'utf8'))?.[1] ?? 0);
      for (const task of readdirSync(`/proc/${id}/task`)) {
        const children = readFileSync(`/proc/${id}/task/${task}/children`, 'utf8').trim();
        for (const child of children ? children.split(' ') : []) visit(Number(child));
      }
    } catch {
      // the process ended meanwhile
    }
  };
  visit(pid);
  return kilobytes / 1024;
}

class Recorder {
  readonly latencies = new Map<Route, number[]>(ROUTES.map((route) => [route, []]));
  /** Latencies of the first wave (the first `concurrency` students), when the server has just started. */
  readonly firstWave = new Map<Route, number[]>(ROUTES.map((route) => [route, []]));
  /** Each route's first answer of the run. */
  readonly first = new Map<Route, number>();
  readonly statuses = new Map<string, number>();
  requests = 0;

  record(route: Route, status: number | 'network', ms: number, firstWave: boolean): void {
    this.requests += 1;
    const key = `${route} ${String(status)}`;
    this.statuses.set(key, (this.statuses.get(key) ?? 0) + 1);
    if (status === 'network') return;
    if (!this.first.has(route)) this.first.set(route, ms);
    this.latencies.get(route)?.push(ms);
    if (firstWave) this.firstWave.get(route)?.push(ms);
  }

  errors(): string {
    const bad = [...this.statuses].filter(([key]) => !key.endsWith(' 200'));
    return bad.length === 0 ? 'none' : bad.map(([key, count]) => `${key}: ${count}`).join(', ');
  }
}

// ---------------------------------------------------------------------------------------------------- students

interface Target { name: string; url(path: string): string; alive: boolean }

interface Acknowledged { cookie: string; revision: number; marker: string }

interface Student {
  index: number;
  cookie: string;
  /** The last save the server acknowledged. */
  acknowledged?: Acknowledged;
}

interface RunOptions {
  students: number;
  concurrency: number;
  /** The servers a student's requests alternate between. */
  targets: Target[];
  /** Called once when this many saves have been acknowledged (the kill scenarios). */
  midway?: { afterSaves: number; action: () => void };
  /** Retry on another target when one does not answer (a load balancer); otherwise the student gives up. */
  failOver: boolean;
  /** Samples the servers' resident memory during the run. */
  rss: () => number;
}

interface RunResult {
  recorder: Recorder;
  seconds: number;
  students: Student[];
  acknowledgedSaves: number;
  peakRssMb: number;
  /** Requests answered after the midway action, and requests no server answered (with fail-over). */
  afterMidway: { answered: number; unanswered: number };
}

/**
 * Opens the load generator's own connections and runs its fetch path against a throwaway server in this
 * process first. Cold, the generator itself added up to a second to the first wave's requests (50 connections
 * opened at once by a process whose fetch had never run), which read as a server stall.
 */
async function warmClient(connections: number): Promise<void> {
  const other = createServer((_request, response) => response.end('{}')).listen(0, '127.0.0.1');
  await once(other, 'listening');
  const { port } = other.address() as { port: number };
  await Promise.all(Array.from({ length: connections }, async () => {
    for (let round = 0; round < 20; round += 1) await (await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', body: '{}' })).text();
  }));
  other.closeAllConnections();
  other.close();
}

async function runStudents(options: RunOptions): Promise<RunResult> {
  const recorder = new Recorder();
  const students: Student[] = Array.from({ length: options.students }, (_, index) => ({ index, cookie: '' }));
  let acknowledgedSaves = 0;
  let midwayDone = false;
  const afterMidway = { answered: 0, unanswered: 0 };
  let peakRssMb = options.rss();
  const sampler = setInterval(() => (peakRssMb = Math.max(peakRssMb, options.rss())), 250);
  let turn = 0;

  /** One request, on the next live target in turn (and on the others if it gets no answer and fail-over is on). */
  const send = async (student: Student, route: Route, body?: unknown): Promise<{ status: number; json: unknown } | undefined> => {
    const [method, path] = route.split(' ') as [string, string];
    const tries = options.failOver ? options.targets.length : 1;
    for (let attempt = 0; attempt < tries; attempt += 1) {
      const live = options.targets.filter((target) => target.alive);
      const target = live[(turn += 1) % Math.max(1, live.length)];
      if (!target) break;
      const headers: Record<string, string> = { origin: ORIGIN };
      if (student.cookie) headers.cookie = student.cookie;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const started = performance.now();
      try {
        const response = await fetch(target.url(path), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
        const json = await response.json() as unknown;
        recorder.record(route, response.status, performance.now() - started, student.index < options.concurrency);
        const setCookie = response.headers.getSetCookie()[0];
        if (setCookie) student.cookie = setCookie.split(';', 1)[0] ?? '';
        if (midwayDone) afterMidway.answered += 1;
        return { status: response.status, json };
      } catch {
        recorder.record(route, 'network', performance.now() - started, false);
        if (options.failOver) target.alive = false;
      }
    }
    if (midwayDone) afterMidway.unanswered += 1;
    return undefined;
  };

  const runStudent = async (student: Student): Promise<void> => {
    const session = await send(student, 'POST /api/session');
    if (session?.status !== 200) return;
    let revision = 0;
    for (let save = 0; save < SAVES_PER_STUDENT; save += 1) {
      const marker = `student ${student.index} save ${save}`;
      const document = { ...baseForm, basicInfo: { ...baseForm.basicInfo, fullName: marker } };
      const answer = await send(student, 'PUT /api/forms/me', { document, baseRevision: revision });
      if (answer?.status === 200) {
        revision = (answer.json as { revision: number }).revision;
        student.acknowledged = { cookie: student.cookie, revision, marker };
        acknowledgedSaves += 1;
        if (options.midway && !midwayDone && acknowledgedSaves >= options.midway.afterSaves) {
          midwayDone = true;
          options.midway.action();
        }
      } else if (answer?.status === 409) {
        // A save retried on another instance after the first one went away may have landed before it did.
        revision = (answer.json as { current: { revision: number } }).current.revision;
      } else if (answer === undefined) {
        return;
      }
    }
    await send(student, 'POST /api/topic-suggestions', { formData: baseForm });
    await send(student, 'GET /api/whoami');
  };

  await warmClient(options.concurrency);
  const started = performance.now();
  let next = 0;
  await Promise.all(Array.from({ length: options.concurrency }, async () => {
    while (next < students.length) {
      const student = students[next];
      next += 1;
      if (student) await runStudent(student);
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return { recorder, seconds, students, acknowledgedSaves, peakRssMb, afterMidway };
}

/** Reads back every acknowledged save; a save is lost when the server's copy is older than it. */
async function lostWrites(students: Student[], target: Target): Promise<{ checked: number; lost: number }> {
  let checked = 0;
  let lost = 0;
  const pending = students.filter((student) => student.acknowledged);
  await Promise.all(Array.from({ length: 20 }, async () => {
    for (let student = pending.pop(); student; student = pending.pop()) {
      const acknowledged = student.acknowledged;
      if (!acknowledged) continue;
      const response = await fetch(target.url('/api/forms/me'), { headers: { origin: ORIGIN, cookie: acknowledged.cookie } });
      const record = await response.json() as { revision: number; document: { basicInfo: { fullName: string } } | null };
      checked += 1;
      const older = response.status !== 200 || record.revision < acknowledged.revision
        || (record.revision === acknowledged.revision && record.document?.basicInfo.fullName !== acknowledged.marker);
      if (older) lost += 1;
    }
  }));
  return { checked, lost };
}

// ---------------------------------------------------------------------------------------------------- servers

const asTarget = (name: string, server: ServerProcess): Target => ({ name, url: (path) => server.url(path), alive: true });

const start = (env: Record<string, string>) =>
  startServer({ built: true, publicUrl: ORIGIN, env: { ...UNLIMITED, ...env} });

/** Waits until the server's memory stops growing after start, then reads it. */
async function idleRssMb(server: ServerProcess): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 1500));
  return treeRssMb(server.child.pid ?? 0);
}

interface PostgresSetup { url: string; redisUrl: string; prefix: string; close(): Promise<void> }

/** A schema and a Redis key prefix of this run's own, dropped at the end. */
async function postgresSetup(databaseUrl: string, redisUrl: string): Promise<PostgresSetup> {
  const id = randomBytes(5).toString('hex');
  const schema = `bench_${id}`;
  await adminQuery(databaseUrl, `create schema ${schema}`);
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const prefix = `essay-bench-${id}:`;
  return {
    url: url.toString(), redisUrl, prefix,
    close: async () => {
      await adminQuery(databaseUrl, `drop schema if exists ${schema} cascade`);
      await deleteKeys(redisUrl, prefix);
    },
  };
}

// ---------------------------------------------------------------------------------------------------- scenarios

interface ScenarioReport {
  name: string;
  description: string;
  run: RunResult;
  readBack: { checked: number; lost: number };
  figures: Array<[string, string]>;
}

interface BenchOptions { students: number; concurrency: number; only?: string[] }

const wanted = (options: BenchOptions, name: string) => !options.only || options.only.includes(name);

async function pgliteScenario(options: BenchOptions): Promise<ScenarioReport> {
  const dataDir = mkdtempSync(join(tmpdir(), 'essay-bench-load-'));
  try {
    const env = { DATA_DIR: dataDir };
    let server = await start(env);
    const firstStartRss = await idleRssMb(server);
    await stopServer(server, 'SIGTERM');
    server = await start(env);
    const restartRss = await idleRssMb(server);
    // The first requests of a server that has just started (and its database just opened).
    await stopServer(server, 'SIGTERM');
    server = await start(env);
    const pid = server.child.pid ?? 0;
    const target = asTarget('pglite', server);
    const run = await runStudents({ ...options, targets: [target], failOver: false, rss: () => treeRssMb(pid) });
    const readBack = await lostWrites(run.students, target);
    await stopServer(server, 'SIGTERM');
    return {
      name: 'pglite', description: 'one instance, PGlite (fsync mode)', run, readBack,
      figures: [
        ['idle RSS after a first start on a new data directory', `${firstStartRss.toFixed(0)} MB`],
        ['idle RSS after a restart', `${restartRss.toFixed(0)} MB`],
      ],
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function pgliteKillScenario(options: BenchOptions): Promise<ScenarioReport> {
  const dataDir = mkdtempSync(join(tmpdir(), 'essay-bench-load-'));
  try {
    const env = { DATA_DIR: dataDir };
    const server = await start(env);
    const pid = server.child.pid ?? 0;
    const target = asTarget('pglite', server);
    const run = await runStudents({
      ...options, targets: [target], failOver: false, rss: () => treeRssMb(pid),
      midway: { afterSaves: Math.floor((options.students * SAVES_PER_STUDENT) / 2), action: () => server.child.kill('SIGKILL') },
    });
    await server.exited;
    const restarted = await start(env);
    const readBack = await lostWrites(run.students, asTarget('pglite restarted', restarted));
    await stopServer(restarted, 'SIGTERM');
    return {
      name: 'pglite-kill', description: 'one instance, PGlite, kill -9 half way, restarted on the same DATA_DIR', run, readBack,
      figures: [['acknowledged saves before the kill', String(run.acknowledgedSaves)]],
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function twoInstances(setup: PostgresSetup): Promise<[ServerProcess, ServerProcess]> {
  const env = { DATABASE_URL: setup.url, REDIS_URL: setup.redisUrl, REDIS_KEY_PREFIX: setup.prefix };
  const one = await start({ ...env, DATA_DIR: mkdtempSync(join(tmpdir(), 'essay-bench-load-')) });
  const two = await start({ ...env, DATA_DIR: mkdtempSync(join(tmpdir(), 'essay-bench-load-')) });
  return [one, two];
}

async function postgresScenario(options: BenchOptions, setup: PostgresSetup, kill: boolean): Promise<ScenarioReport> {
  const [one, two] = await twoInstances(setup);
  const targets = [asTarget('one', one), asTarget('two', two)];
  const run = await runStudents({
    ...options, targets, failOver: kill,
    rss: () => treeRssMb(one.child.pid ?? 0) + treeRssMb(two.child.pid ?? 0),
    ...(kill ? { midway: { afterSaves: Math.floor((options.students * SAVES_PER_STUDENT) / 2), action: () => two.child.kill('SIGKILL') } } : {}),
  });
  const readBack = await lostWrites(run.students, targets[0] as Target);
  await stopServer(one, 'SIGTERM');
  await stopServer(two, 'SIGTERM');
  return {
    name: kill ? 'postgres-kill' : 'postgres',
    description: kill
      ? 'two instances, PostgreSQL + Redis, one killed with kill -9 half way (its requests go to the other)'
      : 'two instances, PostgreSQL + Redis, requests alternating between them',
    run, readBack,
    figures: kill ? [
      ['requests answered after the kill', String(run.afterMidway.answered)],
      ['requests no instance answered after the kill', String(run.afterMidway.unanswered)],
    ] : [],
  };
}

async function workersScenario(options: BenchOptions, setup: PostgresSetup, workers: number): Promise<ScenarioReport> {
  const server = await start({
    DATABASE_URL: setup.url, REDIS_URL: setup.redisUrl, REDIS_KEY_PREFIX: setup.prefix, WEB_CONCURRENCY: String(workers),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'essay-bench-load-')),
  });
  // A supervisor answers health once one worker listens; give the others a moment.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const target = asTarget(`workers-${workers}`, server);
  const run = await runStudents({ ...options, targets: [target], failOver: false, rss: () => treeRssMb(server.child.pid ?? 0) });
  const readBack = await lostWrites(run.students, target);
  await stopServer(server, 'SIGTERM');
  return { name: `workers-${workers}`, description: `one instance, PostgreSQL + Redis, WEB_CONCURRENCY=${workers}`, run, readBack, figures: [] };
}

// ---------------------------------------------------------------------------------------------------- report

const ms = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(1));

function describeScenario(report: ScenarioReport, options: BenchOptions): string {
  const { run } = report;
  const lines = [
    `#### ${report.name}: ${report.description}`,
    '',
    `${options.students} students, ${options.concurrency} at a time: ${run.recorder.requests} requests in ${run.seconds.toFixed(1)} s = ` +
      `${(run.recorder.requests / run.seconds).toFixed(0)} req/s; errors: ${run.recorder.errors()}; ` +
      `peak server RSS ${run.peakRssMb.toFixed(0)} MB; acknowledged saves read back: ${report.readBack.checked} students' last saves, ` +
      `${report.readBack.lost} lost.`,
    '',
    '| route | count | p50 | p95 | p99 | max | first wave p99 | first request |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const route of ROUTES) {
    const sorted = [...(run.recorder.latencies.get(route) ?? [])].sort((a, b) => a - b);
    const first = [...(run.recorder.firstWave.get(route) ?? [])].sort((a, b) => a - b);
    lines.push(`| ${route} | ${sorted.length} | ${ms(quantile(sorted, 0.5))} | ${ms(quantile(sorted, 0.95))} | ${ms(quantile(sorted, 0.99))} | ` +
      `${ms(sorted.at(-1) ?? Number.NaN)} | ${ms(quantile(first, 0.99))} | ${ms(run.recorder.first.get(route) ?? Number.NaN)} |`);
  }
  for (const [name, value] of report.figures) lines.push('', `- ${name}: ${value}`);
  return lines.join('\n');
}

function rowsOf(report: ScenarioReport): BenchRow[] {
  const { run } = report;
  const rows: BenchRow[] = [
    { name: `load ${report.name}: throughput`, value: Math.round(run.recorder.requests / run.seconds), unit: 'req/s', budget: 'recorded', pass: true },
    { name: `load ${report.name}: acknowledged saves lost`, value: report.readBack.lost, unit: '', budget: '0', pass: report.readBack.lost === 0 },
    { name: `load ${report.name}: peak server RSS`, value: Math.round(run.peakRssMb), unit: 'MB', budget: 'recorded', pass: true },
  ];
  for (const route of ROUTES) {
    const sorted = [...(run.recorder.latencies.get(route) ?? [])].sort((a, b) => a - b);
    rows.push({ name: `load ${report.name}: ${route} p99`, value: quantile(sorted, 0.99), unit: 'ms', budget: 'recorded', pass: sorted.length > 0 });
  }
  return rows;
}

export interface LoadBenchResult { rows: BenchRow[]; markdown: string }

export async function benchLoad(options: BenchOptions): Promise<LoadBenchResult> {
  const reports: ScenarioReport[] = [];
  const notes: string[] = [];
  if (wanted(options, 'pglite')) reports.push(await pgliteScenario(options));
  if (wanted(options, 'pglite-kill')) reports.push(await pgliteKillScenario(options));
  const databaseUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
  const redisUrl = process.env.BENCH_REDIS_URL || process.env.TEST_REDIS_URL || process.env.REDIS_URL || undefined;
  const postgresScenarios = ['postgres', 'postgres-kill', 'workers-1', 'workers-2'].filter((name) => wanted(options, name));
  if (postgresScenarios.length > 0 && (!databaseUrl || !redisUrl)) {
    notes.push(`skipped ${postgresScenarios.join(', ')}: set TEST_DATABASE_URL and TEST_REDIS_URL (or REDIS_URL)`);
  } else if (databaseUrl && redisUrl) {
    for (const name of postgresScenarios) {
      const setup = await postgresSetup(databaseUrl, redisUrl);
      try {
        if (name === 'postgres') reports.push(await postgresScenario(options, setup, false));
        if (name === 'postgres-kill') reports.push(await postgresScenario(options, setup, true));
        if (name === 'workers-1') reports.push(await workersScenario(options, setup, 1));
        if (name === 'workers-2') reports.push(await workersScenario(options, setup, 2));
      } finally {
        await setup.close();
      }
    }
  }
  const markdown = [...reports.map((report) => describeScenario(report, options)), ...notes.map((note) => `Note: ${note}`)].join('\n\n');
  return { rows: reports.flatMap(rowsOf), markdown };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: {
      students: { type: 'string', default: '1000' },
      concurrency: { type: 'string', default: '50' },
      only: { type: 'string' },
    },
  });
  const result = await benchLoad({
    students: Number(values.students), concurrency: Number(values.concurrency), only: values.only?.split(','),
  });
  console.log(`${result.markdown}\n\n${formatRows(result.rows)}`);
  if (result.rows.some((row) => !row.pass)) process.exitCode = 1;
}
