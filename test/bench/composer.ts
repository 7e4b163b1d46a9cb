// The offline composer's time per personal-statement essay (budget: ≤ 25 ms), over the fixture profiles and
// the essay quality harness's students, in many variants. Runs standalone with `npx tsx test/bench/composer.ts`.
import { pathToFileURL } from 'node:url';
import { createComposer } from '../../src/server/ai/composer/index.ts';
import { collectText } from '../../src/server/ai/port.ts';
import { PROFILES } from '../fixtures/profiles.ts';
import { QUALITY_CASES, type PersonalCase } from '../fixtures/qualityProfiles.ts';
import { formatRows, type BenchRow } from './types.ts';

const ESSAYS = 200;
const WARM_UP = 20;
const BUDGET_MS = 25;

export async function benchComposer(): Promise<BenchRow[]> {
  const composer = createComposer();
  const students = [
    ...PROFILES,
    ...QUALITY_CASES.filter((c): c is PersonalCase => c.kind === 'personal' && !PROFILES.some((p) => p.form === c.form)),
  ];
  const run = (i: number) => {
    const profile = students[i % students.length]!;
    return collectText(composer.essay({
      form: profile.form, prompt: profile.prompt, idea: profile.idea, followUpResponses: profile.followUpResponses,
      variant: Math.floor(i / students.length),
    }));
  };
  for (let i = 0; i < WARM_UP; i += 1) await run(i);

  const times: number[] = [];
  for (let i = 0; i < ESSAYS; i += 1) {
    const started = performance.now();
    await run(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((sum, t) => sum + t, 0) / times.length;
  const p95 = times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)] ?? Number.NaN;
  const row = (name: string, value: number): BenchRow => ({
    name, value: Number(value.toFixed(2)), unit: 'ms', budget: `≤ ${BUDGET_MS} ms`, pass: value <= BUDGET_MS,
  });
  return [
    row(`offline composer: mean time per essay (${ESSAYS} essays, ${students.length} students)`, mean),
    row('offline composer: p95 time per essay', p95),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await benchComposer();
  console.log(formatRows(rows));
  if (rows.some((row) => !row.pass)) process.exitCode = 1;
}
