// The coach's offline analysis: time per review of a 650-word personal statement with a full questionnaire
// behind it (budget: ≤ 20 ms, so it can run while the student pauses typing), and of a draft at the API's
// 20,000-character limit. Timed as this process's CPU time (process.cpuUsage, to the microsecond), so other
// work on a shared machine is not counted, and as wall-clock time for the median. Runs standalone with `npx tsx test/bench/coach.ts`.
import { pathToFileURL } from 'node:url';
import { analyseDraft, type CoachInput } from '../../src/common/coach/index.ts';
import { STRONG_DRAFTS } from '../fixtures/coachDrafts.ts';
import { PROFILES } from '../fixtures/profiles.ts';
import { formatRows, type BenchRow } from './types.ts';

const RUNS = 500;
const WARM_UP = 50;
const BUDGET_MS = 20;
const LIMIT_CHARS = 20_000;

const PARAGRAPHS = STRONG_DRAFTS.flatMap(({ draft }) => draft.split('\n\n'));

/** The strong drafts' paragraphs, in turn, up to exactly `words` words. */
export function draftOf(words: number): string {
  const kept: string[] = [];
  for (let count = 0, next = 0; count < words; next += 1) {
    const take = PARAGRAPHS[next % PARAGRAPHS.length]!.split(/\s+/).slice(0, words - count);
    kept.push(take.join(' '));
    count += take.length;
  }
  return kept.join('\n\n');
}

/** Each profile's questionnaire and answers, in turn, as the material behind the draft. */
const inputs = (draft: string): CoachInput[] => PROFILES.map((profile) => ({
  kind: 'personal', draft, material: { form: profile.form, followUpResponses: profile.followUpResponses },
}));

const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const median = (times: number[]): number => times[Math.floor(times.length / 2)]!;
const p95 = (times: number[]): number => times[Math.ceil(times.length * 0.95) - 1]!;

function measure(cases: CoachInput[]): { cpu: number[]; wall: number[] } {
  for (let i = 0; i < WARM_UP; i += 1) analyseDraft(cases[i % cases.length]!);
  const cpu: number[] = [];
  const wall: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const [startedCpu, startedWall] = [cpuMs(), performance.now()];
    analyseDraft(cases[i % cases.length]!);
    wall.push(performance.now() - startedWall);
    cpu.push(cpuMs() - startedCpu);
  }
  return { cpu: cpu.sort((a, b) => a - b), wall: wall.sort((a, b) => a - b) };
}

export function benchCoach(): BenchRow[] {
  const row = (name: string, value: number): BenchRow => ({
    name, value: Number(value.toFixed(2)), unit: 'ms', budget: `≤ ${BUDGET_MS} ms`, pass: value <= BUDGET_MS,
  });
  const essay = measure(inputs(draftOf(650)));
  const atLimit = measure(inputs(draftOf(4000).slice(0, LIMIT_CHARS)));
  const limit = `${LIMIT_CHARS.toLocaleString('en')}-character draft`;
  return [
    row(`coach: median CPU time per review, 650-word draft (${RUNS} runs, ${PROFILES.length} questionnaires)`, median(essay.cpu)),
    row('coach: p95 CPU time per review, 650-word draft', p95(essay.cpu)),
    row('coach: median wall-clock time per review, 650-word draft', median(essay.wall)),
    row(`coach: median CPU time per review, ${limit}`, median(atLimit.cpu)),
    row(`coach: p95 CPU time per review, ${limit}`, p95(atLimit.cpu)),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = benchCoach();
  console.log(formatRows(rows));
  if (rows.some((row) => !row.pass)) process.exitCode = 1;
}
