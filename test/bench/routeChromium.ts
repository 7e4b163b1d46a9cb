// Chromium for the route benchmark (routes.ts), listening for Lighthouse: on a copy of a student's profile
// without its HTTP cache and service worker (a returning student on a phone that dropped its cache), or on an
// empty profile (a first visit).
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM_ARGS, chromiumLaunchOptions } from '../e2e/support/chromium.ts';
import { freePort } from '../e2e/support/serverEnv.ts';

const DROPPED = /[\\/](Cache|Code Cache|GPUCache|Service Worker|CacheStorage|Singleton\w*)$/;

export async function launchOnProfile(profile: string | null, dir: string): Promise<{ port: number; stop: () => Promise<void> }> {
  const copy = join(dir, `profile-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  if (profile) cpSync(profile, copy, { recursive: true, filter: (source) => !DROPPED.test(source) });
  else mkdirSync(copy);
  const port = freePort();
  const child = spawn(chromiumLaunchOptions.executablePath ?? '/usr/bin/chromium', [
    '--headless', ...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, `--user-data-dir=${copy}`, 'about:blank',
  ], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
  });
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return { port, stop };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('Chromium did not open its debugging port');
}
