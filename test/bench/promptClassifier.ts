// The college planner's prompt classifier (src/common/collegePlan): the time to type every prompt of the largest
// plan, 40 colleges × 10 prompts (budget: ≤ 20 ms, so the page can type them all whenever it renders). Two plans:
// the labelled corpus's prompts in turn, and a worst case of 1,500-character prompts (the contract's limit) with no
// cue at all, so every pattern reads every character. In Node, timed as this process's CPU time
// (process.cpuUsage), so other work on a shared machine is not counted. In the browser, where the student meets
// it: the module bundled by Vite as the app bundles it (minified), loaded into headless Chromium and timed there
// with performance.now() (wall-clock, so the p95 is shown, not budgeted). Runs standalone with
// `npx tsx test/bench/promptClassifier.ts` (needs no build).
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { build, type Rolldown } from 'vite';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';
import { classifyPrompt, type PromptToClassify } from '../../src/common/collegePlan/classifyPrompt.ts';
import { COLLEGE_PROMPTS } from '../fixtures/collegePrompts.ts';
import { formatRows, type BenchRow } from './types.ts';

const PLAN_PROMPTS = 40 * 10;
const RUNS = 200;
const BROWSER_RUNS = 100;
const BROWSER_WARM_UP = 10;
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

const row = (name: string, value: number): BenchRow => ({
  name, value: Number(value.toFixed(2)), unit: 'ms', budget: `≤ ${BUDGET_MS} ms`, pass: value <= BUDGET_MS,
});
const shown = (name: string, value: number): BenchRow => ({ name, value: Number(value.toFixed(2)), unit: 'ms', budget: 'shown only', pass: true });
const median = (times: number[]): number => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
const p95 = (times: number[]): number => [...times].sort((a, b) => a - b)[Math.ceil(times.length * 0.95) - 1]!;

/** classifyPrompt.ts as one script that sets `window.PromptClassifier`, minified as the app's chunks are. */
async function bundledClassifier(): Promise<string> {
  const output = await build({
    configFile: false, logLevel: 'warn',
    build: {
      write: false, minify: true,
      lib: { entry: 'src/common/collegePlan/classifyPrompt.ts', formats: ['iife'], name: 'PromptClassifier', fileName: 'promptClassifier' },
    },
  }) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const [chunk] = (Array.isArray(output) ? output[0]! : output).output;
  return (chunk as Rolldown.OutputChunk).code;
}

/** Both plans typed in full Chromium's headless page: milliseconds per whole plan, each run. */
export async function benchPromptClassifierBrowser(): Promise<BenchRow[]> {
  const code = await bundledClassifier();
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await browser.newPage();
    await page.setContent('<!doctype html><title>prompt classifier bench</title>');
    await page.addScriptTag({ content: code });
    const timeIn = (plan: PromptToClassify[]) => page.evaluate(({ prompts, runs, warmUp }) => {
      const { classifyPrompt: classify } = (window as unknown as { PromptClassifier: { classifyPrompt: (prompt: unknown) => unknown } }).PromptClassifier;
      for (let i = 0; i < warmUp; i += 1) for (const prompt of prompts) classify(prompt);
      const taken: number[] = [];
      for (let i = 0; i < runs; i += 1) {
        const started = performance.now();
        for (const prompt of prompts) classify(prompt);
        taken.push(performance.now() - started);
      }
      return taken;
    }, { prompts: plan, runs: BROWSER_RUNS, warmUp: BROWSER_WARM_UP });
    const corpus = await timeIn(corpusPlan);
    const worst = await timeIn(worstPlan);
    const chars = PROMPT_MAX_CHARS.toLocaleString('en');
    return [
      row(`prompt classifier in Chromium: median time for ${PLAN_PROMPTS} corpus prompts (${BROWSER_RUNS} runs)`, median(corpus)),
      shown(`prompt classifier in Chromium: p95 time for ${PLAN_PROMPTS} corpus prompts`, p95(corpus)),
      row(`prompt classifier in Chromium: median time for ${PLAN_PROMPTS} cue-less ${chars}-character prompts (${BROWSER_RUNS} runs)`, median(worst)),
      shown(`prompt classifier in Chromium: p95 time for ${PLAN_PROMPTS} cue-less ${chars}-character prompts`, p95(worst)),
    ];
  } finally {
    await browser.close();
  }
}

/** In Node (CPU time), then in Chromium. */
export async function benchPromptClassifier(): Promise<BenchRow[]> {
  const corpus = measure(corpusPlan);
  const worst = measure(worstPlan);
  return [
    row(`prompt classifier: median CPU time for ${PLAN_PROMPTS} corpus prompts (${RUNS} runs)`, corpus.median),
    row(`prompt classifier: p95 CPU time for ${PLAN_PROMPTS} corpus prompts`, corpus.p95),
    row(`prompt classifier: median CPU time for ${PLAN_PROMPTS} cue-less ${PROMPT_MAX_CHARS.toLocaleString('en')}-character prompts`, worst.median),
    row(`prompt classifier: p95 CPU time for ${PLAN_PROMPTS} cue-less ${PROMPT_MAX_CHARS.toLocaleString('en')}-character prompts`, worst.p95),
    ...(await benchPromptClassifierBrowser()),
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const rows = await benchPromptClassifier();
  console.log(formatRows(rows));
  if (rows.some((row) => !row.pass)) process.exitCode = 1;
}
