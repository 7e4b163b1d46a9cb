// `npm test`: every check in order, stopping at the first failure, with each phase's time printed.
import { spawnSync } from 'node:child_process';

const phases: Array<[name: string, script: string]> = [
  ['lint', 'lint'],
  ['type-check', 'typecheck'],
  ['unit and integration tests', 'test:unit'],
  ['hostile input, timed alone', 'test:serial'],
  ['build + Playwright journeys', 'test:e2e'],
];

const started = Date.now();
const timings: string[] = [];
for (const [name, script] of phases) {
  const phaseStarted = Date.now();
  console.log(`\n==> ${name} (npm run ${script})`);
  const result = spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit' });
  const seconds = ((Date.now() - phaseStarted) / 1000).toFixed(1);
  timings.push(`${name}: ${seconds} s`);
  if (result.status !== 0) {
    console.error(`\n${name} failed after ${seconds} s.`);
    process.exit(result.status ?? 1);
  }
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(1)} s (${timings.join(', ')}).`);
