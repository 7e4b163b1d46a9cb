// `npm test`: every check, each phase's time printed at the end. First, side by side: lint, type-check, the
// production build and the unit and integration tests; the Playwright journeys start on the build as soon as it
// is made, beside the others (on two cores the unit phase leaves a core idle while its tests wait on child
// processes). Each one's output is held back and printed when it ends so their lines do not mix. Then, with
// nothing else running, the suites that time the server's event loop. Stops after the first phase that fails.
import { ensureProductionBuild } from './build/productionBuild.ts';
import { closingLine, npmRun, type Outcome, report, runPhase, secondsSince, timesOf } from './phase.ts';

async function build(): Promise<Outcome> {
  const started = Date.now();
  let cpuSeconds: number | undefined;
  try {
    await ensureProductionBuild({ force: true, onCpuSeconds: (seconds) => { cpuSeconds = seconds; } });
    return { name: 'production build', seconds: secondsSince(started), cpuSeconds, ok: true, output: '' };
  } catch (error) {
    return { name: 'production build', seconds: secondsSince(started), ok: false, output: String(error) };
  }
}

const journeys = (): Promise<Outcome> =>
  runPhase('Playwright journeys', ['npx', 'playwright', 'test', '--config', 'test/e2e/playwright.config.ts']);

const started = Date.now();
const timings: Outcome[] = [];
const finish = (failed?: Outcome): never => {
  if (failed) console.error(`\n${failed.name} failed; npm test stopped after ${closingLine(secondsSince(started), timings)}.`);
  else console.log(`\nAll checks passed in ${closingLine(secondsSince(started), timings)}.`);
  process.exit(failed ? 1 : 0);
};

console.log('==> lint, type-check, unit and integration tests, and the production build then the journeys, side by side');
const sideBySideStarted = Date.now();
// The build takes its lock before Vitest starts, so the tests of built output wait for this build.
const builtThenJourneys = build().then(report).then(async (built) => (built.ok ? [built, report(await journeys())] : [built]));
const sideBySide = (await Promise.all([
  builtThenJourneys,
  runPhase('unit and integration tests', npmRun('test:unit')).then(report),
  runPhase('lint', npmRun('lint')).then(report),
  runPhase('type-check', npmRun('typecheck')).then(report),
])).flat();
timings.push(...sideBySide, { name: '(side by side, wall)', seconds: secondsSince(sideBySideStarted), ok: true, output: '' });
const firstFailure = sideBySide.find((outcome) => !outcome.ok);
if (firstFailure) finish(firstFailure);

console.log('\n==> event-loop suites, alone');
const serial = await runPhase('event-loop suites, alone', npmRun('test:serial'), { live: true });
timings.push(serial);
console.log(`\n==> event-loop suites, alone: ${serial.ok ? 'passed' : 'FAILED'} in ${timesOf(serial)}`);
finish(serial.ok ? undefined : serial);
