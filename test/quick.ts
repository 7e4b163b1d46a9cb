// `npm run test:quick`: the checks for what changed since HEAD (staged, unstaged and untracked files under src/
// and test/), side by side: ESLint on those files, an incremental type-check of the whole project (its state
// kept in node_modules/.cache between runs), and the Vitest tests related to those files (the tests that
// import them, and changed tests themselves). The event-loop suites and the journeys are left to `npm test`.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { type Outcome, report, runPhase, secondsSince } from './phase.ts';

const TS_BUILD_INFO = 'node_modules/.cache/essay-studio/tsc.tsbuildinfo';
const SOURCE = /^(src|test)\/.+\.(ts|tsx)$/;

const git = (...args: string[]): string[] =>
  execFileSync('git', args, { encoding: 'utf8' }).split('\n').filter((line) => line !== '');

const changed = [...new Set([
  ...git('diff', '--name-only', 'HEAD'),
  ...git('ls-files', '--others', '--exclude-standard'),
])].filter((file) => SOURCE.test(file) && existsSync(file)).sort();

if (changed.length === 0) {
  console.log('test:quick: no TypeScript file under src/ or test/ changed since HEAD; nothing to check.');
  process.exit(0);
}

console.log(`test:quick: ${changed.length} changed file(s):\n  ${changed.join('\n  ')}`);
const started = Date.now();
const lintable = changed.filter((file) => !file.startsWith('test/lint/fixtures/'));
const outcomes: Outcome[] = await Promise.all([
  lintable.length === 0 ? Promise.resolve({ name: 'ESLint', seconds: 0, ok: true, output: '' })
    : runPhase('ESLint', ['npx', 'eslint', '--max-warnings', '0', '--ext', '.ts,.tsx', ...lintable]).then(report),
  runPhase('type-check (incremental)', [
    'npx', 'tsc', '-p', 'tsconfig.json', '--noEmit', '--incremental', '--tsBuildInfoFile', TS_BUILD_INFO,
  ]).then(report),
  runPhase('related tests', [
    'npx', 'vitest', 'related', '--run', '--config', 'test/vitest.config.ts', '--project', 'client', '--project', 'server',
    '--passWithNoTests', ...changed,
  ]).then(report),
]);
const summary = outcomes.map((outcome) => `${outcome.name} ${outcome.seconds.toFixed(1)} s`).join(', ');
const failed = outcomes.filter((outcome) => !outcome.ok).map((outcome) => outcome.name);
console.log(`\ntest:quick ${failed.length === 0 ? 'passed' : `FAILED (${failed.join(', ')})`} in ${secondsSince(started).toFixed(1)} s (${summary}).`);
process.exit(failed.length === 0 ? 0 : 1);
