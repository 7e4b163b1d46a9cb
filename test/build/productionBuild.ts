// The one default production build (`npm run build`: dist/client and dist/node) that every check of built
// output shares: `npm test` starts it beside the unit tests, the tests that read dist/client wait for it, and
// the journeys run against it. A developer running one such test alone gets it built, or reused when nothing
// it is made from changed since (a hash of its inputs is kept beside it). A lock folder makes every caller on
// the machine wait for a build under way instead of starting a second one into the same folder.
// Run directly (`tsx test/build/productionBuild.ts`), it makes sure the build is there and current.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { spawnTimed } from '../phase.ts';
import { inputsHash } from './inputsHash.ts';

const here = import.meta.url.startsWith('file:') ? fileURLToPath(import.meta.url) : undefined;
// In the client project's page, Vitest gives modules no file: URL; tests run from the repository's root.
const root = here ? join(here, '../../..') : process.cwd();
export const DIST_CLIENT = join(root, 'dist/client');
const STAMP = join(root, 'dist/.build-inputs');
const LOCK = join(root, 'dist/.build-lock');
const INPUTS = ['src', 'public', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package-lock.json'];
/**
 * The environment `npm run build` gets: the default build knows no Firebase project, whatever the developer's
 * shell says, and it is a production build whoever asks for it. Vitest runs its tests with NODE_ENV=test, which
 * Vite would otherwise honour: the build a test made had React's development build and no service worker, and
 * the journeys then reused it.
 */
export const buildEnvironment = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv =>
  ({ ...env, VITE_FIREBASE_API_KEY: '', VITE_FIREBASE_PROJECT_ID: '', NODE_ENV: 'production' });
const LOCK_POLL_MS = 250;

const isCurrent = (hash: string): boolean =>
  existsSync(STAMP) && readFileSync(STAMP, 'utf8') === hash && existsSync(join(DIST_CLIENT, '.vite/manifest.json'))
  && existsSync(join(root, 'dist/node/server/main.js'));

function ownerAlive(): boolean {
  try {
    process.kill(Number(readFileSync(join(LOCK, 'pid'), 'utf8')), 0);
    return true;
  } catch {
    return false;
  }
}

/** Takes the lock, waiting while another live process holds it; a lock left by a dead process is taken over. */
async function lock(): Promise<() => void> {
  mkdirSync(join(root, 'dist'), { recursive: true });
  for (;;) {
    try {
      mkdirSync(LOCK);
      writeFileSync(join(LOCK, 'pid'), String(process.pid));
      return () => rmSync(LOCK, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // A lock without its pid file yet is one being taken this instant: wait for it like any other.
      if (existsSync(join(LOCK, 'pid')) && !ownerAlive()) rmSync(LOCK, { recursive: true, force: true });
      else await sleep(LOCK_POLL_MS);
    }
  }
}

/** Runs `npm run build`; resolves with its CPU seconds. */
function runBuild(echo: boolean): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const { child, cpuSeconds } = spawnTimed(['npm', 'run', '--silent', 'build'], {
      cwd: root, env: buildEnvironment(process.env), stdio: echo ? ['inherit', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.stderr?.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(cpuSeconds) : reject(new Error(`npm run build failed (${code}):\n${output}`))));
  });
}

export interface BuildOptions {
  /** Build even when the inputs did not change (`npm test` always starts from a build of its own). */
  force?: boolean;
  /** Show the build's output as it comes instead of only on failure. */
  echo?: boolean;
  /** Told the CPU seconds of the build's processes (user + system) when this call builds. */
  onCpuSeconds?: (seconds: number | undefined) => void;
}

/** Makes sure dist/ holds the default production build of the current sources; returns dist/client. */
export async function ensureProductionBuild(options: BuildOptions = {}): Promise<string> {
  const unlock = await lock();
  try {
    const hash = inputsHash(root, INPUTS);
    if (options.force || !isCurrent(hash)) {
      rmSync(STAMP, { force: true });
      // Built first, then told: `onCpuSeconds?.(await runBuild())` skips the build itself when no one listens.
      const cpuSeconds = await runBuild(options.echo ?? false);
      options.onCpuSeconds?.(cpuSeconds);
      writeFileSync(STAMP, hash);
    }
  } finally {
    unlock();
  }
  return DIST_CLIENT;
}

/** How long a test may wait for the build (another process's under way, or its own). */
export const BUILD_TIMEOUT_MS = 300_000;

if (here !== undefined && here === process.argv[1]) {
  await ensureProductionBuild({ force: process.argv.includes('--force'), echo: true });
}
