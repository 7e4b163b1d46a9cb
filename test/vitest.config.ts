import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

const SERIAL_SUITES = [
  'test/server/hostile/hostileBodies.test.ts', 'test/server/hostile/healthStall.test.ts', 'test/server/hostile/loopBlockMeter.test.ts',
  'test/server/hostile/myDataLoop.test.ts',
  // Pauses the shared test Redis, which would stall the other Redis suites running beside it.
  'test/server/limits/redisPaused.test.ts',
];

const CLIENT_DIRS = ['app', 'features', 'client-core', 'ui', 'api', 'remote'];
const CLIENT_FILES = CLIENT_DIRS.flatMap((dir) => readdirSync(join(root, 'test', dir), { recursive: true, encoding: 'utf8' })
  .filter((name) => /\.test\.tsx?$/.test(name))
  .map((name) => `test/${dir}/${name}`));
// A module replaced with vi.mock stays replaced for the rest of its worker's files when they share the worker:
// the files that replace one run in a worker of their own each.
const MOCKING_FILES = CLIENT_FILES.filter((file) => readFileSync(join(root, file), 'utf8').includes('vi.mock('));

// Files that start processes of their own (servers, the backup command, the Auth emulator) take the longest, much
// of it waiting on those processes. Run first, they overlap the quick files instead of ending the run alone, as
// they did on a fresh clone, where Vitest has no record of durations and runs the larger files first.
const startsProcesses = (file: string) => /\bspawn(Sync)?\(|serverProcess\.ts'|authEmulator\.ts'/.test(readFileSync(file, 'utf8'));

class ProcessSuitesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const first = sorted.filter((file) => startsProcesses(file.moduleId));
    return [...first, ...sorted.filter((file) => !first.includes(file))];
  }
}

const clientProject = {
  root,
  // Half jsdom's cost per file's page (figures in test/README.md); test/setup/happyDom.ts evens out the rest.
  environment: 'happy-dom',
  // test/setup/clientFile.ts first: each file starts on an empty page with the app's modules imported anew, and
  // stops what it started when it ends. fake-indexeddb must load before localforage picks its driver.
  setupFiles: [
    'fake-indexeddb/auto', 'test/setup/clientFile.ts', 'test/setup/happyDom.ts', 'test/setup/client.ts',
    'test/setup/contractWorker.ts',
  ],
  // localforage chooses its driver when imported: imported anew for each file, it finds that file's IndexedDB.
  server: { deps: { inline: ['localforage'] } },
  // Hang detectors, not speed checks (the benches time things): a test's CPU work takes longer on a busy
  // machine (npm test runs it beside the build, lint and type-check), never forever.
  testTimeout: 60_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  root,
  test: {
    // One test file per core. Vitest's default leaves a core free (one worker on two cores), which left the
    // second core idle while the server suites waited on child processes, PostgreSQL and the emulator.
    maxWorkers: availableParallelism(),
    sequence: { sequencer: ProcessSuitesFirst },
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'client',
          ...clientProject,
          include: CLIENT_FILES,
          exclude: MOCKING_FILES,
          // The files share their worker's page and modules: a page and the app built anew for each file cost
          // more than the tests themselves.
          isolate: false,
        },
      },
      {
        plugins: [react()],
        test: { name: 'client-mocks', ...clientProject, include: MOCKING_FILES },
      },
      {
        // Code shared by the server and the browser, pure functions of their input: no page to build for them.
        // With it, the pure parts of the test runner and the benches (their rules and their report's format).
        test: {
          name: 'common',
          root,
          environment: 'node',
          include: ['test/common/**/*.test.ts', 'test/*.test.ts', 'test/bench/**/*.test.ts'],
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
          globalSetup: ['test/setup/serverRun.ts'],
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
          globalSetup: ['test/setup/serverRun.ts'],
          setupFiles: ['test/setup/server.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
