// Playwright journeys against the real production server (the shared build of test/build/productionBuild.ts, made
// by `npm test` or `npm run test:e2e`), started on a free port with a fresh DATA_DIR, in Debian's Chromium.
// Playwright never downloads a browser here.
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { journeyLaunchOptions } from './support/chromium.ts';
import { PGLITE_DIR } from '../../src/server/db/connection.ts';
import { e2eServerEnv } from './support/serverEnv.ts';

const { port, env, emptyDatabase } = e2eServerEnv();

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: '../../dist/e2e-results',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  // The retry shows whether a failure is flaky; a journey that passes only on its retry still fails CI.
  failOnFlakyTests: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // Recording a trace costs every journey CPU time (about a tenth of the journeys' time on two cores): CI
    // records it for the retry of a failed journey, which fails the run anyway; a local run, which does not
    // retry, keeps the trace of each failure.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: journeyLaunchOptions,
    // A new browser installs the service worker and downloads every file it precaches, much of a journey's
    // CPU time. The journeys that go offline (sync.spec.ts, when the server goes away) let it run and prove
    // what it does; the others test the pages, which the server serves the same.
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'laptop', use: { ...devices['Desktop Chrome'], launchOptions: journeyLaunchOptions } },
    {
      name: 'phone',
      // 375 px wide, touch, in the same Chromium: every journey must work at a phone's width too.
      use: { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, launchOptions: journeyLaunchOptions },
      grep: /@mobile/,
    },
  ],
  webServer: {
    // The server's own initdb program makes its empty database, as the server would at its first start, and a
    // copy stays for the journeys' own servers (support/emptyDatabase.ts); then the server starts on it.
    command: [
      `node dist/node/server/db/pgliteInitdb.js "${emptyDatabase}" fsync`,
      `cp -R "${emptyDatabase}" "${join(env.DATA_DIR ?? '', PGLITE_DIR)}"`,
      'exec node dist/node/server/main.js',
    ].join(' && '),
    cwd: '../..',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
