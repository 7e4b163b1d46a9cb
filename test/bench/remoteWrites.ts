// Runs the remote-write simulation (remoteWrites.sim.ts, under Vitest for the app's modules and fake
// timers) and turns its figures into a bench row. Standalone: `npx tsx test/bench/remoteWrites.ts`.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { RemoteWriteFigures } from './remoteWrites.sim.ts';
import { type BenchRow, formatRows } from './types.ts';

export function benchRemoteWrites(): BenchRow[] {
  const run = spawnSync('npx', ['vitest', 'run', '--config', 'test/bench/vitest.bench.config.ts'], { stdio: 'inherit' });
  if (run.status !== 0) throw new Error('The remote-write simulation failed');
  const figures = JSON.parse(readFileSync('dist/bench/remote-writes.json', 'utf8')) as RemoteWriteFigures;
  const pass = figures.writes <= figures.pauses && figures.minGapAfterChangeMs >= 500;
  return [{
    name: `remote writes in 60 s of steady typing (${figures.keystrokes} keys, ${figures.pauses} pauses ≥ 500 ms; `
      + `first write ${figures.minGapAfterChangeMs} ms after a change at the soonest)`,
    value: figures.writes,
    unit: 'writes',
    budget: '≤ one per 500 ms pause',
    pass,
  }];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(formatRows(benchRemoteWrites()));
