// A command of `npm test` or `npm run test:quick` run as one phase: its time measured and, when phases run side
// by side, its output held back and printed in one piece when it ends, so the lines of several never mix.
import { spawn } from 'node:child_process';

export interface Outcome { name: string; seconds: number; ok: boolean; output: string }

export const secondsSince = (since: number): number => (Date.now() - since) / 1000;

/** Runs `args` (a command and its arguments); `live` shows its output as it comes instead of holding it. */
export function runPhase(name: string, args: readonly string[], options: { live?: boolean } = {}): Promise<Outcome> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(args[0]!, args.slice(1), { stdio: options.live ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.on('error', (error) => resolve({ name, seconds: secondsSince(started), ok: false, output: `${output}${error.message}\n` }));
    child.on('exit', (code) => resolve({ name, seconds: secondsSince(started), ok: code === 0, output }));
  });
}

/** Prints a phase's end: its verdict and time, then whatever it printed. */
export function report(outcome: Outcome): Outcome {
  console.log(`\n==> ${outcome.name}: ${outcome.ok ? 'passed' : 'FAILED'} in ${outcome.seconds.toFixed(1)} s`);
  if (outcome.output.trim() !== '') console.log(outcome.output.trimEnd());
  return outcome;
}

export const npmRun = (script: string): string[] => ['npm', 'run', '--silent', script];
