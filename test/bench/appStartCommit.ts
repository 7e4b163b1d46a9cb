// The task that commits the live page on a returning student's cold reload of /form (full profile), in headless
// Chromium at 4x CPU slowdown (a mid-range phone): the long task (over 50 ms) whose span holds the app's
// APP_LIVE_MARK, 0 when no long task holds it. The first page renders as a transition that yields to the
// browser, so only its commit should land in that task; a gate that renders the page again from an effect
// (redux-persist's PersistGate) puts the whole render there. Several servers (comma-separated) are measured in
// turn, reload by reload, so the machine's load hits each alike.
// Standalone, not part of `npm run bench`: `npx tsx test/bench/appStartCommit.ts http://127.0.0.1:8080[,URL…] [reloads]`
// against servers of the built app (see src/app/persistence/README.md).
import { chromium, type BrowserContext } from '@playwright/test';
import { WIZARD_STEP_KEY } from '../../src/features/wizard/stepKey.ts';
import { APP_LIVE_MARK, FRAME_ATTRIBUTE } from '../../src/app/frames/marks.ts';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';
import { PROFILES } from '../fixtures/profiles.ts';

const CPU_SLOWDOWN = 4;

/** A string, not a function: tsx would wrap a function's inner names in a helper the page does not have. */
const OBSERVE_LONG_TASKS = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
`;

type LongTask = { start: number; duration: number };

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

/** Gives this context's browser a session holding a full profile, restored on the questionnaire's last step. */
async function seed(context: BrowserContext, base: string): Promise<number> {
  const form = structuredClone(PROFILES[0]?.form);
  if (!form) throw new Error('no profile fixture');
  form.personalInsights.writingSample.text = form.personalInsights.writingSample.text.slice(0, 1500);
  const page = await context.newPage();
  await page.goto(`${base}/form`);
  await page.getByLabel(/Full name/i).waitFor();
  const put = await page.request.put(`${base}/api/forms/me`, { data: { document: form, baseRevision: 0 }, headers: { origin: base } });
  if (!put.ok()) throw new Error(`Seeding the profile failed: ${put.status()}`);
  await page.evaluate((key) => localStorage.setItem(key, '4'), WIZARD_STEP_KEY);
  await page.reload();
  await page.getByRole('textbox', { name: 'Text' }).waitFor();
  await page.getByText('Saved online').waitFor();
  await page.close();
  return form.personalInsights.writingSample.text.length;
}

/** One cold reload: the duration of the long task holding the app-live mark (0: none held it). */
async function commitTask(context: BrowserContext, base: string, textLength: number): Promise<number> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.goto(`${base}/form`, { waitUntil: 'commit' });
  await page.waitForFunction(({ length, frameAttribute }) => {
    if (document.getElementById('root')?.hasAttribute(frameAttribute)) return false;
    return ([...document.querySelectorAll('textarea')].at(-1)?.value.length ?? 0) >= length;
  }, { length: textLength, frameAttribute: FRAME_ATTRIBUTE }, { polling: 'raf', timeout: 20_000 });
  const { tasks, mark } = await page.evaluate((name) => ({
    tasks: (window as unknown as { __longTasks: LongTask[] }).__longTasks,
    mark: performance.getEntriesByName(name)[0]?.startTime ?? -1,
  }), APP_LIVE_MARK);
  await page.close();
  return tasks.find((task) => task.start <= mark && mark <= task.start + task.duration)?.duration ?? 0;
}

const bases = (process.argv[2] ?? 'http://127.0.0.1:8080').split(',');
const reloads = Number(process.argv[3] ?? 10);
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  const context = await browser.newContext();
  await context.addInitScript({ content: OBSERVE_LONG_TASKS });
  const lengths = [];
  for (const base of bases) lengths.push(await seed(context, base));
  const durations = bases.map((): number[] => []);
  for (let run = 0; run < reloads; run += 1) {
    for (const [index, base] of bases.entries()) durations[index]?.push(await commitTask(context, base, lengths[index] ?? 0));
  }
  for (const [index, base] of bases.entries()) {
    const values = durations[index] ?? [];
    console.log(`${base}: the task committing the live page, median ${median(values).toFixed(0)} ms of ${values.length} reloads`
      + ` (${values.map((value) => value.toFixed(0)).join(', ')}; 0: no long task)`);
  }
} finally {
  await browser.close();
}
