// `npm test`: every check, each phase's time printed at the end. First, side by side: lint, type-check, the
// production build (shared by the tests of built output and the journeys) and the unit and integration tests,
// each one's output held back and printed when it ends so the lines of the four do not mix. Then, with nothing
// else running, the suites that time the server's event loop; then the Playwright journeys on the build.
// Stops after the first phase that fails.
import { ensureProductionBuild } from './build/productionBuild.ts';
import { npmRun, type Outcome, report, runPhase, secondsSince } from './phase.ts';

async function build(): Promise<Outcome> {
  const started = Date.now();
  try {
    await ensureProductionBuild({ force: true });
    return { name: 'production build', seconds: secondsSince(started), ok: true, output: '' };
  } catch (error) {
    return { name: 'production build', seconds: secondsSince(started), ok: false, output: String(error) };
  }
}

const started = Date.now();
const timings: Outcome[] = [];
const finish = (failed?: Outcome): never => {
  const total = secondsSince(started).toFixed(1);
  const phases = timings.map((outcome) => `${outcome.name} ${outcome.seconds.toFixed(1)} s`).join(', ');
  if (failed) console.error(`\n${failed.name} failed; npm test stopped after ${total} s (${phases}).`);
  else console.log(`\nAll checks passed in ${total} s (${phases}).`);
  process.exit(failed ? 1 : 0);
};

console.log('==> lint, type-check, production build and unit and integration tests, side by side');
const sideBySideStarted = Date.now();
// The build takes its lock before Vitest starts, so the tests of built output wait for this build.
const sideBySide = await Promise.all([
  build().then(report),
  runPhase('unit and integration tests', npmRun('test:unit')).then(report),
  runPhase('lint', npmRun('lint')).then(report),
  runPhase('type-check', npmRun('typecheck')).then(report),
]);
timings.push(...sideBySide, { name: '(side by side, wall)', seconds: secondsSince(sideBySideStarted), ok: true, output: '' });
const firstFailure = sideBySide.find((outcome) => !outcome.ok);
if (firstFailure) finish(firstFailure);

for (const [name, args] of [
  ['event-loop suites, alone', npmRun('test:serial')],
  ['Playwright journeys', ['npx', 'playwright', 'test', '--config', 'test/e2e/playwright.config.ts']],
] as const) {
  console.log(`\n==> ${name}`);
  const outcome = await runPhase(name, args, { live: true });
  timings.push(outcome);
  console.log(`\n==> ${name}: ${outcome.ok ? 'passed' : 'FAILED'} in ${outcome.seconds.toFixed(1)} s`);
  if (!outcome.ok) finish(outcome);
}
finish();
