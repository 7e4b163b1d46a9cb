// `npm run test:quick`: the checks for what changed since HEAD (staged, unstaged and untracked files under src/
// and test/), side by side: ESLint on those files, an incremental type-check of the whole project (its state
// kept in node_modules/.cache between runs), and the tests of those files.
// The tests of a file are the test files that mirror its path or import it themselves, and the changed test files. Every route
// reaches the whole app through src/server/app.ts, and every page the whole router, so Vitest's `related`
// (every test that reaches a changed file through any chain of imports) reruns most of the suite for one route
// or one component; `npm run test:quick -- --all-related` asks for exactly that. The event-loop suites and the
// journeys are left to `npm test`.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { type Outcome, report, runPhase, secondsSince } from './phase.ts';

const TS_BUILD_INFO = 'node_modules/.cache/essay-studio/tsc.tsbuildinfo';
const SOURCE = /^(src|test)\/.+\.(ts|tsx)$/;
const TEST_FILE = /\.test\.tsx?$/;
const SERIAL_OR_FIXTURE = /^test\/(e2e|lint\/fixtures)\//;
const VITEST = ['npx', 'vitest', '--config', 'test/vitest.config.ts', '--project', 'client', '--project', 'client-mocks', '--project', 'common', '--project', 'server'];

const git = (...args: string[]): string[] =>
  execFileSync('git', args, { encoding: 'utf8' }).split('\n').filter((line) => line !== '');

function* testFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* testFiles(path);
    else if (TEST_FILE.test(path) && !SERIAL_OR_FIXTURE.test(path)) yield path;
  }
}

/** The repository paths a test file imports itself (static and dynamic imports of relative paths). */
function importsOf(file: string): Set<string> {
  const specifiers = readFileSync(file, 'utf8').matchAll(/(?:from\s+|import\s*\(\s*)'(\.{1,2}\/[^']+)'/g);
  return new Set([...specifiers].map((match) => normalize(join(file, '..', match[1]!))));
}

/** Where a source file's own tests live: src/server/stages/feedback/routes.ts → test/server/routes/feedback*.test.ts. */
const mirrorPrefix = (file: string): string | undefined =>
  (file.startsWith('src/') ? `test/${file.slice('src/'.length).replace(/\.tsx?$/, '')}` : undefined);

/** The changed test files, the tests that mirror a changed source file, and the tests that import one themselves. */
function directTests(changed: string[]): string[] {
  const wanted = new Set(changed);
  const prefixes = changed.map(mirrorPrefix).filter((prefix) => prefix !== undefined);
  const tests = [...testFiles('test')].filter((file) => wanted.has(file)
    || prefixes.some((prefix) => file.startsWith(prefix) && !file.slice(prefix.length).includes('/'))
    || [...importsOf(file)].some((path) => wanted.has(path)));
  return tests.sort();
}

const changed = [...new Set([
  ...git('diff', '--name-only', 'HEAD'),
  ...git('ls-files', '--others', '--exclude-standard'),
])].filter((file) => SOURCE.test(file) && existsSync(file)).sort();

if (changed.length === 0) {
  console.log('test:quick: no TypeScript file under src/ or test/ changed since HEAD; nothing to check.');
  process.exit(0);
}

const allRelated = process.argv.includes('--all-related');
const tests = allRelated ? [] : directTests(changed);
console.log(`test:quick: ${changed.length} changed file(s):\n  ${changed.join('\n  ')}`);
if (!allRelated) console.log(`their tests (${tests.length}):\n  ${tests.join('\n  ') || '(none)'}`);

const started = Date.now();
const lintable = changed.filter((file) => !file.startsWith('test/lint/fixtures/'));
const none = (name: string): Promise<Outcome> => Promise.resolve({ name, seconds: 0, ok: true, output: '' });
const outcomes: Outcome[] = await Promise.all([
  lintable.length === 0 ? none('ESLint')
    : runPhase('ESLint', ['npx', 'eslint', '--max-warnings', '0', '--ext', '.ts,.tsx', ...lintable]).then(report),
  runPhase('type-check (incremental)', [
    'node', 'node_modules/typescript-7/bin/tsc', '-p', 'tsconfig.json', '--noEmit', '--incremental', '--tsBuildInfoFile', TS_BUILD_INFO,
  ]).then(report),
  allRelated ? runPhase('related tests', [...VITEST, 'related', '--run', '--passWithNoTests', ...changed]).then(report)
    : tests.length === 0 ? none('tests') : runPhase('tests', [...VITEST, 'run', ...tests]).then(report),
]);
const summary = outcomes.map((outcome) => `${outcome.name} ${outcome.seconds.toFixed(1)} s`).join(', ');
const failed = outcomes.filter((outcome) => !outcome.ok).map((outcome) => outcome.name);
console.log(`\ntest:quick ${failed.length === 0 ? 'passed' : `FAILED (${failed.join(', ')})`} in ${secondsSince(started).toFixed(1)} s (${summary}).`);
process.exit(failed.length === 0 ? 0 : 1);
