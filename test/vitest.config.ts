import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

const SERIAL_SUITES = [
  'test/server/hostile/hostileBodies.test.ts', 'test/server/hostile/healthStall.test.ts', 'test/server/hostile/loopBlockMeter.test.ts',
  'test/server/hostile/myDataLoop.test.ts',
  // Pauses the shared test Redis, which would stall the other Redis suites running beside it.
  'test/server/limits/redisPaused.test.ts',
];

export default defineConfig({
  root,
  test: {
    // One test file per core. Vitest's default leaves a core free (one worker on two cores), which left the
    // second core idle while the server suites waited on child processes, PostgreSQL and the emulator.
    maxWorkers: availableParallelism(),
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'client',
          root,
          // Half jsdom's cost per file's page (figures in test/README.md); test/setup/happyDom.ts evens out the rest.
          environment: 'happy-dom',
          include: ['test/{app,features,client-core,ui,api,remote}/**/*.test.{ts,tsx}'],
          // fake-indexeddb must load before localforage picks its driver.
          setupFiles: ['fake-indexeddb/auto', 'test/setup/happyDom.ts', 'test/setup/client.ts'],
          // Hang detectors, not speed checks (the benches time things): a test's CPU work takes longer on a
          // busy machine (npm test runs it beside the build, lint and type-check), never forever.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Code shared by the server and the browser, pure functions of their input: no page to build for them.
        test: {
          name: 'common',
          root,
          environment: 'node',
          include: ['test/common/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          root,
          environment: 'node',
          // The server files share their worker's modules instead of importing the server anew for each file,
          // which made this project take about five thirds as long; test/setup/server.ts puts back what a file
          // leaves in the process, and Vitest the globals a test stubbed.
          isolate: false,
          unstubGlobals: true,
          include: ['test/server/**/*.test.ts', 'test/lint/**/*.test.ts', 'test/build/**/*.test.ts'],
          exclude: [...SERIAL_SUITES],
          setupFiles: ['test/setup/server.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Suites that time the server's event loop: run on their own (`npm run test:serial`, a phase of
        // `npm test`), one file at a time, so no other test's work on the two cores is counted as theirs.
        test: {
          name: 'serial',
          root,
          environment: 'node',
          include: [...SERIAL_SUITES],
          fileParallelism: false,
          setupFiles: ['test/setup/server.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
