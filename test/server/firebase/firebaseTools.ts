// firebase-tools (about 300 MB) runs the Auth emulator for the token-exchange tests. It is not an npm
// dependency every install pays for: it is installed, pinned, into a cache folder outside the repository by
// installFirebaseTools.ts (which .ci/run calls), and reused by every later run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

export const FIREBASE_TOOLS_VERSION = '15.34.2';

const cacheRoot = (): string =>
  process.env.FIREBASE_TOOLS_CACHE ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'essay-studio');

export const firebaseToolsDir = (): string => join(cacheRoot(), `firebase-tools-${FIREBASE_TOOLS_VERSION}`);
const binary = (dir: string): string => join(dir, 'node_modules', '.bin', 'firebase');
const marker = (dir: string): string => join(dir, '.complete');

/** Whether the cache holds a whole install (nothing is installed by asking). */
export const firebaseToolsInstalled = (): boolean => existsSync(marker(firebaseToolsDir()));

/** The firebase CLI's path, installing it first when the cache lacks it. Throws with npm's output on failure. */
export function ensureFirebaseTools(log: (line: string) => void = () => {}): string {
  const dir = firebaseToolsDir();
  if (existsSync(marker(dir))) return binary(dir);
  // Installed beside the final folder and renamed into place, so a run killed half-way leaves no broken cache
  // and two runs installing at once both end with a whole one.
  const draft = `${dir}.${process.pid}.partial`;
  rmSync(draft, { recursive: true, force: true });
  mkdirSync(draft, { recursive: true });
  log(`Installing firebase-tools@${FIREBASE_TOOLS_VERSION} into ${dir} (once; later runs reuse it)...`);
  const result = spawnSync('npm', [
    'install', '--prefix', draft, '--no-save', '--no-audit', '--no-fund', '--omit=dev', '--no-package-lock',
    // Native extras (re2) are not used by the Auth emulator; skipping their builds saves a minute.
    '--ignore-scripts', `firebase-tools@${FIREBASE_TOOLS_VERSION}`,
  ], { encoding: 'utf8', env: { ...process.env, NPM_CONFIG_UPDATE_NOTIFIER: 'false' } });
  if (result.status !== 0 || !existsSync(binary(draft))) {
    rmSync(draft, { recursive: true, force: true });
    throw new Error(`Installing firebase-tools@${FIREBASE_TOOLS_VERSION} failed (npm exit ${result.status}):\n${result.stderr}${result.stdout}`);
  }
  writeFileSync(marker(draft), `${new Date().toISOString()}\n`);
  if (existsSync(marker(dir))) rmSync(draft, { recursive: true, force: true });
  else {
    rmSync(dir, { recursive: true, force: true });
    renameSync(draft, dir);
  }
  return binary(dir);
}
