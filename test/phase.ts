// A command of `npm test` or `npm run test:quick` run as one phase: its time measured and, when phases run side
// by side, its output held back and printed in one piece when it ends, so the lines of several never mix.
// Each command runs under bash, whose `times` gives the CPU seconds (user and system) of the command's whole
// process tree once it has ended: the kernel adds a process's time to its parent's count of its children when the
// parent waits for it, so every process below the command that was waited for is counted, however deep, and one
// reparented to init is not. Chosen over `/usr/bin/time` (a package a fresh machine may lack) and over reading
// `/proc/<pid>/stat` (Node reaps its children before a parent could read their last figures).
import { type ChildProcess, spawn, type SpawnOptions } from 'node:child_process';
import type { Readable } from 'node:stream';

export interface Outcome {
  name: string;
  /** Wall time. */
  seconds: number;
  /** CPU time of the phase's process tree (user + system), when it was measured. */
  cpuSeconds?: number;
  ok: boolean;
  output: string;
}

export const secondsSince = (since: number): number => (Date.now() - since) / 1000;

/**
 * The command runs with bash's fd 3 closed, and bash writes `times` there once it has ended: two lines, bash's
 * own user and system time, then those of the processes it waited for.
 */
const TIMED = '"$@" 3>&-; status=$?; times >&3; exit $status';

/** The CPU seconds in what `times` printed (all four figures summed); undefined if it is not `times`' output. */
export function cpuSecondsOf(times: string): number | undefined {
  // bash writes each figure as minutes and seconds, with the locale's decimal mark: 1m2.345s.
  const figures = [...times.matchAll(/(\d+)m(\d+)[.,](\d+)s/g)]
    .map(([, minutes, whole, fraction]) => Number(minutes) * 60 + Number(`${whole}.${fraction}`));
  return figures.length === 4 ? figures.reduce((sum, figure) => sum + figure, 0) : undefined;
}

/** Spawns `args` (a command and its arguments) under bash; `cpuSeconds` settles once bash has ended. */
export function spawnTimed(args: readonly string[], options: SpawnOptions & { stdio: ['ignore' | 'inherit', 'pipe' | 'inherit', 'pipe' | 'inherit'] }):
  { child: ChildProcess; cpuSeconds: Promise<number | undefined> } {
  const child = spawn('bash', ['-c', TIMED, 'bash', ...args], { ...options, stdio: [...options.stdio, 'pipe'] });
  const timesOut = child.stdio[3] as Readable;
  let times = '';
  timesOut.on('data', (chunk: Buffer) => { times += chunk.toString(); });
  const cpuSeconds = new Promise<number | undefined>((resolve) => {
    timesOut.on('close', () => resolve(cpuSecondsOf(times)));
  });
  return { child, cpuSeconds };
}

/** Runs `args` (a command and its arguments); `live` shows its output as it comes instead of holding it. */
export function runPhase(name: string, args: readonly string[], options: { live?: boolean } = {}): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const { child, cpuSeconds } = spawnTimed(args, { stdio: options.live ? ['inherit', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.on('error', (error) => resolve({ name, seconds: secondsSince(started), ok: false, output: `${output}${error.message}\n` }));
    child.on('exit', (code) => {
      const seconds = secondsSince(started);
      void cpuSeconds.then((cpu) => resolve({ name, seconds, cpuSeconds: cpu, ok: code === 0, output }));
    });
  });
}

/** A phase's times for its report: `12.3 s`, or `12.3 s, 20.1 s CPU` when its CPU time was measured. */
export const timesOf = (outcome: Outcome): string =>
  `${outcome.seconds.toFixed(1)} s${outcome.cpuSeconds === undefined ? '' : `, ${outcome.cpuSeconds.toFixed(1)} s CPU`}`;

/**
 * The report's closing words after "All checks passed in" (or "stopped after"): the wall time, the CPU seconds of
 * every part measured, and each part's times, e.g. `504.1 s, 1490.2 s CPU (lint 173.5 s, 301.0 s CPU; …)`.
 */
export function closingLine(totalSeconds: number, parts: readonly Outcome[]): string {
  const measured = parts.flatMap((part) => (part.cpuSeconds === undefined ? [] : [part.cpuSeconds]));
  const cpu = measured.length === 0 ? '' : `, ${measured.reduce((sum, seconds) => sum + seconds, 0).toFixed(1)} s CPU`;
  return `${totalSeconds.toFixed(1)} s${cpu} (${parts.map((part) => `${part.name} ${timesOf(part)}`).join('; ')})`;
}

/** Prints a phase's end: its verdict and times, then whatever it printed. */
export function report(outcome: Outcome): Outcome {
  console.log(`\n==> ${outcome.name}: ${outcome.ok ? 'passed' : 'FAILED'} in ${timesOf(outcome)}`);
  if (outcome.output.trim() !== '') console.log(outcome.output.trimEnd());
  return outcome;
}

export const npmRun = (script: string): string[] => ['npm', 'run', '--silent', script];
