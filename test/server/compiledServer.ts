// The server as the suites that start it as a process run it: compiled to JavaScript by the server's own
// tsconfig (the one `npm run build` uses for dist/node), so what they start is what production runs. Such a
// process lives seconds, and compiling its TypeScript on the fly through tsx took much of its start's CPU time.
// TypeScript 7's compiler, as `npm run build` runs it, with --noCheck: type errors are the type-check's job.
// Compiled once per set of sources, into dist/test-server/<hash of the sources>/, and reused until they change;
// the server suites' global setup makes sure of it before any worker starts (test/setup/serverRun.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inputsHash } from '../build/inputsHash.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const OUTPUT = join(root, 'dist/test-server');
/** The sources the server compiles from (it imports only src/common beside its own), and what decides how. */
const INPUTS = ['src/server', 'src/common', 'package-lock.json'];
/** A compiled copy no run has made for this long is no run's any more. */
const STALE_MS = 60 * 60 * 1000;

function removeStale(keep: string): void {
  for (const entry of readdirSync(OUTPUT)) {
    const path = join(OUTPUT, entry);
    if (entry !== keep && Date.now() - statSync(path).mtimeMs > STALE_MS) rmSync(path, { recursive: true, force: true });
  }
}

/**
 * The folder holding the compiled server (`server/main.js`, `server/backup/cli.js`, …), compiled if need be.
 * Asked at every start, not remembered: a watching Vitest keeps its workers while the sources change.
 */
export function compiledServerDir(): string {
  const hash = inputsHash(root, INPUTS).slice(0, 16);
  const dir = join(OUTPUT, hash);
  if (existsSync(join(dir, 'server/main.js'))) {
    const now = new Date();
    utimesSync(dir, now, now); // in use again: not stale
    return dir;
  }
  mkdirSync(OUTPUT, { recursive: true });
  // Compiled beside and renamed into place, so a run never starts a half-written server; two runs compiling at
  // once both succeed, and the second one's copy is dropped.
  const partial = `${dir}.partial-${process.pid}`;
  const tsc = spawnSync(process.execPath, [
    join(root, 'node_modules/typescript-7/bin/tsc'), '-p', join(root, 'src/server/tsconfig.json'), '--noCheck', '--outDir', partial,
  ], { encoding: 'utf8' });
  if (tsc.status !== 0) throw new Error(`Compiling the server failed:\n${tsc.stdout}${tsc.stderr}`);
  try {
    renameSync(partial, dir);
  } catch (error) {
    if (!existsSync(join(dir, 'server/main.js'))) throw error;
    rmSync(partial, { recursive: true, force: true });
  }
  removeStale(hash);
  return dir;
}
