import { existsSync } from 'node:fs';
import type { LaunchOptions } from '@playwright/test';

/** Debian's Chromium, kept off the network it cannot reach here (no updates, sync, QUIC or background requests). */
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync',
];

/** The full browser a student runs: the benches measure pages in it. */
export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
};

// Chromium's headless shell (Debian's chromium-headless-shell) is the same engine without the desktop browser
// around it, and what Playwright itself runs for headless tests: the journeys spend much less CPU time in it
// than in the full browser. Without the package they run in the full browser.
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** The journeys' browser. */
export const journeyLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
  args: CHROMIUM_ARGS,
};
