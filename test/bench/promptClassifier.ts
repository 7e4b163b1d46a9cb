// The college planner's prompt classifier (src/common/collegePlan): CPU time to type every prompt of the largest
// plan, 40 colleges × 10 prompts (budget: ≤ 20 ms, so the page can type them all whenever it renders). Two plans:
// the labelled corpus's prompts in turn, and a worst case of 1,500-character prompts (the contract's limit) with no
// cue at all, so every pattern reads every character. Timed as this process's CPU time (process.cpuUsage), so other
// work on a shared machine is not counted. Runs standalone with `npx tsx test/bench/promptClassifier.ts`.
import { pathToFileURL } from 'node:url';
import { classifyPrompt, type PromptToClassify } from '../../src/common/collegePlan/classifyPrompt.ts';
import { COLLEGE_PROMPTS } from '../fixtures/collegePrompts.ts';
import { formatRows, type BenchRow } from './types.ts';

const PLAN_PROMPTS = 40 * 10;
const RUNS = 200;
const WARM_UP = 20;
const BUDGET_MS = 20;
const PROMPT_MAX_CHARS = 1500;

const corpusPlan: PromptToClassify[] = Array.from({ length: PLAN_PROMPTS }, (_, index) => COLLEGE_PROMPTS[index % COLLEGE_PROMPTS.length]!);

// Words that are none of the classifier's cues, repeated to the longest prompt the contract takes.
const NO_CUE = 'Tell us something about a morning walk, a favorite meal, or a place you like to sit and read. ';
const longest = NO_CUE.repeat(Math.ceil(PROMPT_MAX_CHARS / NO_CUE.length)).slice(0, PROMPT_MAX_CHARS);
const worstPlan: PromptToClassify[] = Array.from({ length: PLAN_PROMPTS }, () => ({ text: longest, wordLimit: 250 }));

const cpuMs = (): number => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

function measure(plan: PromptToClassify[]): { median: number; p95: number } {
  const typeAll = (): void => {
    for (const prompt of plan) classifyPrompt(prompt);
  };
  for (let i = 0; i < WARM_UP; i += 1) typeAll();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const started = cpuMs();
    typeAll();
    times.push(cpuMs() - started);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(RUNS / 2)]!, p95: times[Math.ceil(RUNS * 0.95) - 1]! };
}

export function benchPromptClassifier(): BenchRow[] {
  const row = (name: string, value: number): BenchRow => ({
    name, value: Number(value.toFixed(2)), unit: 'ms', budget: `≤ ${BUDGET_MS} ms`, pass: value <= BUDGET_MS,
  });
  const corpus = measure(corpusPlan);
  const worst = measure(worstPlan);
  return [
    row(`prompt classifier: median CPU time for ${PLAN_PROMPTS} corpus prompts (${RUNS} runs)`, corpus.median),
    row(`prompt classifier: p95 CPU time for ${PLAN_PROMPTS} corpus prompts`, corpus.p95),
    row(`prompt classifier: median CPU time for ${PLAN_PROMPTS} cue-less ${PROMPT_MAX_CHARS.toLocaleString('en')}-character prompts`, worst.median),
    row(`prompt classifier: p95 CPU time for ${PLAN_PROMPTS} cue-less ${PROMPT_MAX_CHARS.toLocaleString('en')}-character prompts`, worst.p95),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = benchPromptClassifier();
  console.log(formatRows(rows));
  if (rows.some((row) => !row.pass)) process.exitCode = 1;
}
