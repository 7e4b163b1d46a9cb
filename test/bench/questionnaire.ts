// Budgets of the questionnaire against the production server, the same steps run in two browsers (a student of
// their own in each): the full Chromium a student runs, headless, and Chromium's headless shell (the same engine
// without the desktop browser around it):
// - one keystroke in the writing sample with a full profile, in full Chromium: from the key event to the device
//   copy's write being handed to IndexedDB (dispatch, render and local write), p95 of 150 keys typed at 20 per
//   second; the time until the browser commits that write is recorded beside it;
// - a cold reload, judged in the headless shell: a new tab opening /form for a returning student (device copy,
//   service worker), from navigation start to the live questionnaire showing the restored answers, median of 5
//   (recorded beside it: the first contentful paint, the frame before any script, and when the scripts it needs
//   have all arrived). The full browser does work of its own for each new window on the same cores: its cold
//   reload is recorded beside the budget, not judged, with the first paint of the bench's blank page
//   (blankPage.ts) in a new tab of it, what that work costs a page with no app at all.
// Standalone: `npx tsx test/bench/questionnaire.ts http://127.0.0.1:8080` against any server of the built app.
import { pathToFileURL } from 'node:url';
import { type Browser, chromium, type BrowserContext, type LaunchOptions, type Page } from '@playwright/test';
import { APP_LIVE_MARK } from '../../src/app/frames/marks.ts';
import { WIZARD_STEP_KEY } from '../../src/features/wizard/stepKey.ts';
import type { FormDocument } from '../../src/common/questionnaire/formDocument.ts';
import { CHROMIUM_ARGS, chromiumLaunchOptions, HEADLESS_SHELL } from '../e2e/support/chromium.ts';
import { PROFILES } from '../fixtures/profiles.ts';
import { serveBlankPage } from './blankPage.ts';
import { type BenchRow, formatRows } from './types.ts';

const KEYSTROKE_BUDGET_MS = 8;
const RELOAD_BUDGET_MS = 400;
const KEYS = 150;
const RELOADS = 5;
const HEADLESS_SHELL_OPTIONS: LaunchOptions = { executablePath: HEADLESS_SHELL, args: CHROMIUM_ARGS };

/**
 * Every key event's time and every IndexedDB write's start and commit, in the page's clock. A string, not a
 * function: tsx would wrap a function's inner names in a helper the page does not have.
 */
const INSTRUMENT = `
  const bench = { keys: [], writes: [] };
  window.__bench = bench;
  window.addEventListener('keydown', (event) => bench.keys.push(event.timeStamp), true);
  const put = IDBObjectStore.prototype.put;
  IDBObjectStore.prototype.put = function (...args) {
    const start = performance.now();
    const request = put.apply(this, args);
    this.transaction.addEventListener('complete', () => bench.writes.push({ start, end: performance.now() }));
    return request;
  };
`;

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};
const median = (values: number[]) => percentile(values, 50);

/** A profile with every section filled, the writing sample leaving room for the keys the bench types. */
function fullProfile(): FormDocument {
  const form = structuredClone(PROFILES[0]?.form);
  if (!form) throw new Error('no profile fixture');
  form.personalInsights.writingSample.text = form.personalInsights.writingSample.text.slice(0, 1500);
  return form;
}

/** Gives this context's browser a session holding `document`, and opens /form on step 5 with it restored. */
async function seed(context: BrowserContext, baseUrl: string, profile: FormDocument): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/form`);
  // The pre-rendered frame shows the form at once; the session exists once the page is live (a first visit's
  // page goes live when the server's copy has been read, which needs the session).
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, APP_LIVE_MARK);
  const put = await page.request.put(`${baseUrl}/api/forms/me`, {
    data: { document: profile, baseRevision: 0 }, headers: { origin: baseUrl },
  });
  if (!put.ok()) throw new Error(`Seeding the profile failed: ${put.status()}`);
  await page.evaluate((key) => localStorage.setItem(key, '4'), WIZARD_STEP_KEY);
  await page.reload();
  await page.getByRole('textbox', { name: 'Text' }).waitFor();
  await page.waitForFunction((length) => {
    const text = [...document.querySelectorAll('textarea')].at(-1);
    return (text?.value.length ?? 0) >= length;
  }, profile.personalInsights.writingSample.text.length);
  await page.evaluate(async () => navigator.serviceWorker?.ready);
  return page;
}

interface KeystrokeTimes {
  /** Key event to the write handed to IndexedDB: dispatch, render, serialisation and the put itself. */
  toWrite: number[];
  /** Key event to the write committed by the browser (adds IndexedDB's own I/O, off the main thread). */
  toCommit: number[];
}

async function keystrokeTimes(page: Page): Promise<KeystrokeTimes> {
  const sample = page.getByRole('textbox', { name: 'Text' });
  await sample.focus();
  await page.keyboard.press('End');
  await page.waitForTimeout(300);
  await page.evaluate(() => {
    const bench = (window as unknown as { __bench: { keys: number[]; writes: unknown[] } }).__bench;
    bench.keys.length = 0;
    bench.writes.length = 0;
  });
  await page.keyboard.type(' And then the arm worked.'.repeat(8).slice(0, KEYS), { delay: 50 });
  await page.waitForTimeout(500);
  const { keys, writes } = await page.evaluate(() =>
    (window as unknown as { __bench: { keys: number[]; writes: Array<{ start: number; end: number }> } }).__bench);
  const matched = keys.flatMap((key, index) => {
    const next = keys[index + 1] ?? Infinity;
    const write = writes.find((candidate) => candidate.start >= key && candidate.start < next);
    return write ? [{ key, write }] : [];
  });
  return {
    toWrite: matched.map(({ key, write }) => write.start - key),
    toCommit: matched.map(({ key, write }) => write.end - key),
  };
}

/**
 * Resolves in the page, in the frame after the app's live mark, with the time then and the restored text's length;
 * null if it is not live within 10 s.
 * Sent through the DevTools protocol rather than `page.waitForFunction`: Playwright's helper script, evaluated in
 * the page on its first use, is main-thread work during the load that no student's browser does.
 */
const LIVE_AND_RESTORED = `new Promise((resolve) => {
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName(${JSON.stringify(APP_LIVE_MARK)}).length === 0) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      const text = [...document.querySelectorAll('textarea')].at(-1);
      resolve({ at: performance.now(), length: text ? text.value.length : 0 });
    });
  }).observe({ type: 'mark', buffered: true });
  setTimeout(() => resolve(null), 10000);
})`;

interface ReloadTimes {
  /** Navigation start to the live questionnaire showing the restored answers. */
  live: number;
  /** Navigation start to the first contentful paint (the route's frame, before any script). */
  firstPaint: number;
  /** Navigation start to the last of the scripts requested before the live mark having arrived. */
  scriptsIn: number;
}

async function coldReloads(context: BrowserContext, baseUrl: string, textLength: number): Promise<ReloadTimes[]> {
  const times: ReloadTimes[] = [];
  for (let run = 0; run < RELOADS; run += 1) {
    const page = await context.newPage();
    const devtools = await context.newCDPSession(page);
    await page.goto(`${baseUrl}/form`, { waitUntil: 'commit' });
    const { result, exceptionDetails } = await devtools.send('Runtime.evaluate', {
      expression: LIVE_AND_RESTORED, awaitPromise: true, returnByValue: true,
    });
    if (exceptionDetails) throw new Error(`Waiting for the live questionnaire failed: ${exceptionDetails.text}`);
    const shown = result.value as { at: number; length: number } | null;
    if (!shown) throw new Error('/form did not go live within 10 s of a cold reload');
    if (shown.length < textLength) {
      throw new Error(`The live questionnaire showed ${shown.length} of the ${textLength} characters typed`);
    }
    const { firstPaint, scriptsIn } = await page.evaluate((mark) => {
      const live = performance.getEntriesByName(mark)[0]?.startTime ?? Infinity;
      const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => entry.initiatorType !== 'fetch' && entry.name.endsWith('.js') && entry.startTime < live);
      return {
        firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
        scriptsIn: Math.max(...scripts.map((entry) => entry.responseEnd)),
      };
    }, APP_LIVE_MARK);
    times.push({ live: shown.at, firstPaint, scriptsIn });
    await page.close();
  }
  return times;
}

/** Resolves in the page with its first contentful paint's time; null if there is none within 10 s. */
const FIRST_PAINT = `new Promise((resolve) => {
  new PerformanceObserver((list, observer) => {
    const paint = list.getEntriesByName('first-contentful-paint')[0];
    if (!paint) return;
    observer.disconnect();
    resolve(paint.startTime);
  }).observe({ type: 'paint', buffered: true });
  setTimeout(() => resolve(null), 10000);
})`;

/** The blank page opened in a new tab, RELOADS times: navigation start to its first contentful paint. */
async function blankFirstPaints(browser: Browser, url: string): Promise<number[]> {
  const context = await browser.newContext();
  try {
    const paints: number[] = [];
    for (let run = 0; run < RELOADS; run += 1) {
      const page = await context.newPage();
      const devtools = await context.newCDPSession(page);
      await page.goto(url, { waitUntil: 'commit' });
      const { result } = await devtools.send('Runtime.evaluate', { expression: FIRST_PAINT, awaitPromise: true, returnByValue: true });
      if (typeof result.value !== 'number') throw new Error('The blank page did not paint within 10 s');
      paints.push(result.value);
      await page.close();
    }
    return paints;
  } finally {
    await context.close();
  }
}

interface Measured {
  keystrokes: KeystrokeTimes;
  reloads: ReloadTimes[];
}

/** The steps in one browser: a student's full profile seeded, the keys typed, saved online, then the cold reloads. */
async function questionnaireIn(browser: Browser, baseUrl: string): Promise<Measured> {
  const context = await browser.newContext();
  await context.addInitScript({ content: INSTRUMENT });
  const page = await seed(context, baseUrl, fullProfile());
  const keystrokes = await keystrokeTimes(page);
  const typedLength = await page.getByRole('textbox', { name: 'Text' }).inputValue().then((value) => value.length);
  await page.getByText('Saved online').waitFor();
  await page.close();
  return { keystrokes, reloads: await coldReloads(context, baseUrl, typedLength) };
}

async function withBrowser<T>(options: LaunchOptions, measureIn: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await chromium.launch(options);
  try {
    return await measureIn(browser);
  } finally {
    await browser.close();
  }
}

export async function benchQuestionnaire(baseUrl: string): Promise<BenchRow[]> {
  const blank = await serveBlankPage();
  try {
    const full = await withBrowser(chromiumLaunchOptions, async (browser) => ({
      ...(await questionnaireIn(browser, baseUrl)), blankPaints: await blankFirstPaints(browser, blank.url),
    }));
    const shell = await withBrowser(HEADLESS_SHELL_OPTIONS, (browser) => questionnaireIn(browser, baseUrl));
    const { keystrokes } = full;
    const keyP95 = percentile(keystrokes.toWrite, 95);
    const live = shell.reloads.map((times) => times.live);
    const reload = median(live);
    const fullLive = full.reloads.map((times) => times.live);
    return [
      {
        name: `questionnaire keystroke (writing sample, full profile): key to local write, p95 of ${keystrokes.toWrite.length}`,
        value: keyP95, unit: 'ms', budget: `≤ ${KEYSTROKE_BUDGET_MS} ms`,
        pass: keystrokes.toWrite.length >= KEYS * 0.9 && keyP95 <= KEYSTROKE_BUDGET_MS,
      },
      {
        name: `questionnaire keystroke: key to IndexedDB commit, p95 (median ${median(keystrokes.toCommit).toFixed(1)} ms)`,
        value: percentile(keystrokes.toCommit, 95), unit: 'ms', budget: 'recorded (browser I/O)', pass: true,
      },
      {
        name: `cold reload of /form to the restored questionnaire, Chromium's headless shell, median of ${RELOADS} `
          + `(max ${Math.max(...live).toFixed(0)} ms)`,
        value: reload, unit: 'ms', budget: `≤ ${RELOAD_BUDGET_MS} ms`, pass: reload <= RELOAD_BUDGET_MS,
      },
      {
        name: 'cold reload (headless shell): its first contentful paint (the frame, drawn before any script runs), median',
        value: median(shell.reloads.map((times) => times.firstPaint)), unit: 'ms', budget: 'recorded (the browser\'s share)', pass: true,
      },
      {
        name: 'cold reload (headless shell): the scripts it needs before it is live, all arrived (from the device), median',
        value: median(shell.reloads.map((times) => times.scriptsIn)), unit: 'ms', budget: 'recorded', pass: true,
      },
      {
        name: `cold reload of /form, full Chromium, median of ${RELOADS} (max ${Math.max(...fullLive).toFixed(0)} ms)`,
        value: median(fullLive), unit: 'ms', budget: 'recorded (not judged)', pass: true,
      },
      {
        name: 'cold reload (full Chromium): its first contentful paint, median',
        value: median(full.reloads.map((times) => times.firstPaint)), unit: 'ms', budget: 'recorded', pass: true,
      },
      {
        name: `blank page (served by the bench) in a new tab of full Chromium: its first contentful paint, median of ${RELOADS}`,
        value: median(full.blankPaints), unit: 'ms', budget: 'recorded (the full browser\'s own share)', pass: true,
      },
    ];
  } finally {
    await blank.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const url = process.argv[2] ?? 'http://127.0.0.1:8080';
  console.log(formatRows(await benchQuestionnaire(url)));
}
