// Lighthouse mobile (simulated throttling, median of five runs) on the app's routes, in the two ways a
// student meets them, after a blank page measured the same way (blankPage.ts), which qualifies the run
// (qualification.ts: at least 99, else measured again, up to three attempts):
//   a first visit: a fresh profile (no cache, no storage, no cookie), for every route a fresh browser opens
//     without being sent elsewhere: '/', '/form', '/colleges' (always open, like '/coach'; judged as '/form' is),
//     and '/thank-you?session_id=…' (another browser's checkout);
//   a returning student: every route, in a real Chromium profile first walked through the flow by the journeys'
//     own steps (test/e2e/essayFlow.ts), opened again with its storage kept (IndexedDB, localStorage, the
//     session cookie) but without the HTTP cache and the service worker, as on a phone that dropped its cache.
//     free profile: the questionnaire done, a topic picked, the follow-up answered, /result with the purchase panel;
//     paid profile: the same student after the test checkout, whose essay is already written (no generation).
// An app route's frame is hydrated, not replaced: its largest paint must come before the page goes live (the
// app's APP_LIVE_MARK), or a first visit's LCP waits for the scripts, the session and the remote copy.
// Standalone: `npx tsx test/bench/routes.ts` (needs `npm run build` first; starts its own server).
// BENCH_ROUTES=/result measures only the routes whose label contains it (several: BENCH_ROUTES=/coach,/referrals);
// BENCH_REPORTS=dir keeps every Lighthouse report there (the layout-shifts and largest-contentful-paint-element
// audits name the elements); with BENCH_CPU_PROFILE=1 its traces also hold V8's CPU profile (what each long task
// ran, function by function; the profiler's own cost makes that run's scores lower).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, expect, type Page } from '@playwright/test';
import lighthouse from 'lighthouse';
import { expectEssayGenerated, press, reachFreeResult } from '../e2e/essayFlow.ts';
import { APP_LIVE_MARK } from '../../src/app/frames/marks.ts';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';
import { serverEnv } from '../e2e/support/serverEnv.ts';
import { startBuiltServer, stopBuiltServer } from '../server/serverProcess.ts';
import { serveBlankPage } from './blankPage.ts';
import { median } from './landing.ts';
import { type BlankPageFigures, blankPageAttempts, MAX_ATTEMPTS, qualificationRows, qualifies } from './qualification.ts';
import { launchOnProfile } from './routeChromium.ts';
import { type BenchRow, formatRows } from './types.ts';

// Five: Lighthouse's variability guide finds that the median of five runs about halves a single run's spread,
// and on a two-core machine a median of three still moved a route's score by several points between bench runs.
const RUNS = 5;
const MAX_FAILED_RUNS = 2;
/** Lighthouse mobile performance: the budget each case must reach, and the goal beside it. */
const PERFORMANCE_BUDGET = { landing: 98, firstVisit: 90, returning: 95 } as const;
const PERFORMANCE_GOAL = { landing: 100, firstVisit: 96, returning: 98 } as const;
/** JavaScript before a returning student's page is live (gzip -9). */
const JS_BUDGET_KB = 140;

/** The landing page (no app), an app route on a first visit, or a returning student's. */
type Kind = keyof typeof PERFORMANCE_BUDGET;

interface RouteCase {
  label: string;
  kind: Kind;
  /** A returning student's profile; a first visit always opens a fresh one. */
  profile?: 'free' | 'paid';
  /** Its largest paint must be its frame's (hydrated), in every run. */
  framePaint?: boolean;
  /** The path, or a function of what seeding found (the thank-you page's session id). */
  path: (seed: Seed) => string;
}

interface Seed {
  free: string;
  paid: string;
  thankYouPath: string;
}

const ROUTE_CASES: RouteCase[] = [
  { label: '/ (first visit)', kind: 'landing', path: () => '/' },
  { label: '/form (first visit)', kind: 'firstVisit', framePaint: true, path: () => '/form' },
  { label: '/colleges (first visit)', kind: 'firstVisit', framePaint: true, path: () => '/colleges' },
  { label: '/thank-you (first visit, another browser\'s session id)', kind: 'firstVisit', path: (seed) => seed.thankYouPath },
  { label: '/form (returning)', kind: 'returning', profile: 'free', path: () => '/form' },
  { label: '/essay-type (returning)', kind: 'returning', profile: 'free', path: () => '/essay-type' },
  { label: '/topics (returning)', kind: 'returning', profile: 'free', path: () => '/topics' },
  { label: '/followup (returning)', kind: 'returning', profile: 'free', path: () => '/followup' },
  { label: '/result (returning, free, purchase panel)', kind: 'returning', profile: 'free', path: () => '/result' },
  { label: '/result (returning, paid, essay written)', kind: 'returning', profile: 'paid', path: () => '/result' },
  { label: '/supplemental (returning)', kind: 'returning', profile: 'paid', path: () => '/supplemental' },
  { label: '/coach (returning)', kind: 'returning', profile: 'paid', path: () => '/coach' },
  { label: '/colleges (returning)', kind: 'returning', profile: 'free', path: () => '/colleges' },
  { label: '/referrals (returning)', kind: 'returning', profile: 'free', path: () => '/referrals' },
  { label: '/thank-you (returning, paid session id)', kind: 'returning', profile: 'paid', path: (seed) => seed.thankYouPath },
];

/**
 * Waits until the header says every change reached the server: a student who comes back has usually left the
 * page well after the remote write that follows their last change (closed at once, the device copy would still
 * hold unsent edits, and the app would rightly send them before anything else on the next visit).
 */
const savedOnline = (page: Page) => expect(page.getByRole('banner').getByText('Saved online')).toBeVisible({ timeout: 15_000 });

/** Walks a free and a paid student (two browsers, two sessions) through the flow in Chromium profiles on disk. */
async function seedProfiles(baseURL: string, root: string): Promise<Seed> {
  const free = join(root, 'free');
  const paid = join(root, 'paid');
  const open = (dir: string) => chromium.launchPersistentContext(dir, {
    ...chromiumLaunchOptions, baseURL, viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true,
  });
  const freeContext = await open(free);
  try {
    const page = freeContext.pages()[0] ?? (await freeContext.newPage());
    await reachFreeResult(page, 'bench.free@example.com');
    await savedOnline(page);
  } finally {
    await freeContext.close();
  }
  // Its own walk, not a copy of the free profile: a copy would share the session cookie, and paying in it
  // would make the "free" student paid on the server too.
  const paidContext = await open(paid);
  try {
    const page = paidContext.pages()[0] ?? (await paidContext.newPage());
    await reachFreeResult(page, 'bench.paid@example.com');
    const [checkout] = await Promise.all([
      paidContext.waitForEvent('page'),
      press(page.getByRole('region', { name: 'Get full access' }).getByRole('button', { name: /Upgrade/ })),
    ]);
    await checkout.getByRole('button', { name: /Pay/ }).click();
    await expect(checkout).toHaveURL(/\/thank-you\?session_id=cs_local_/);
    await expect(checkout.getByRole('heading', { name: 'All set!' })).toBeVisible();
    const thankYou = new URL(checkout.url());
    await checkout.close();
    await page.bringToFront();
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expectEssayGenerated(page);
    await savedOnline(page);
    return { free, paid, thankYouPath: thankYou.pathname + thankYou.search };
  } finally {
    await paidContext.close();
  }
}

interface RouteFigures {
  performance: number;
  accessibility: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Scripts as Lighthouse counts them (transfer size, with the server's compression). */
  scriptTransferKb: number;
  scriptUrls: string[];
  /** The scripts requested before the page went live (every script, on the landing page: it has no app). */
  scriptUrlsBeforeLive: string[];
  /** Whether the largest paint came before the page went live: the frame's own element, not the live page's. */
  lcpBeforeLive: boolean;
  finalUrl: string;
}

type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

type TraceEvent = { name: string; ts: number; args?: { data?: { url?: string } } };

/**
 * The scripts whose request the page sent before the live mark, both read from the run's trace: one clock, in
 * microseconds. (The report's request times come from another process's clock, and put a chunk requested just
 * after the live commit, in its effects, a millisecond before the mark.)
 */
function requestedBeforeLive(trace: { traceEvents: TraceEvent[] }, scripts: string[]): string[] {
  const mark = trace.traceEvents.find((event) => event.name === APP_LIVE_MARK);
  if (!mark) throw new Error(`the page never went live (no ${APP_LIVE_MARK} mark)`);
  const sentBefore = new Set(trace.traceEvents
    .filter((event) => event.name === 'ResourceSendRequest' && event.ts < mark.ts)
    .map((event) => event.args?.data?.url));
  return scripts.filter((url) => sentBefore.has(url));
}

function figuresOf(lhr: Report, trace: { traceEvents: TraceEvent[] }, app: boolean): RouteFigures {
  type Request = { url: string; resourceType?: string; transferSize?: number };
  const requests = (lhr.audits['network-requests']?.details as { items?: Request[] } | undefined)?.items ?? [];
  const scripts = requests.filter((request) => request.resourceType === 'Script');
  const scriptUrls = scripts.map((request) => request.url);
  // Both times count from the navigation's start, as observed (not simulated), and both come from the trace.
  const marks = (lhr.audits['user-timings']?.details as { items?: Array<{ name: string; startTime: number }> } | undefined)?.items ?? [];
  const live = app ? marks.find((mark) => mark.name === APP_LIVE_MARK)?.startTime : Infinity;
  if (live === undefined) throw new Error(`the page never went live (no ${APP_LIVE_MARK} mark)`);
  const observed = (lhr.audits.metrics?.details as { items?: Array<{ observedLargestContentfulPaint?: number }> } | undefined)
    ?.items?.[0]?.observedLargestContentfulPaint ?? Infinity;
  const score = (category: 'performance' | 'accessibility') => Math.round((lhr.categories[category]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
    tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
    scriptTransferKb: scripts.reduce((sum, request) => sum + (request.transferSize ?? 0), 0) / 1024,
    scriptUrls,
    scriptUrlsBeforeLive: app ? requestedBeforeLive(trace, scriptUrls) : scriptUrls,
    lcpBeforeLive: observed < live,
    finalUrl: lhr.finalDisplayedUrl,
  };
}

/** Lighthouse's own settings with V8's sampling profiler added to the trace. */
const CPU_PROFILE_CONFIG = {
  extends: 'lighthouse:default', settings: { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' },
} as const;

/**
 * One Lighthouse run on a copy of `profile` (an empty one for a first visit); `app` when the page is the app's
 * (it goes live), not the landing page or the blank page.
 */
async function lighthouseOnce(url: string, profile: string | null, dir: string, app: boolean): Promise<RouteFigures> {
  const { port, stop } = await launchOnProfile(profile, dir);
  try {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      // A returning student keeps their device copy and session cookie; a fresh profile has none to reset.
      disableStorageReset: true,
    }, process.env.BENCH_CPU_PROFILE ? CPU_PROFILE_CONFIG : undefined);
    if (!result) throw new Error('Lighthouse returned nothing');
    const { lhr } = result;
    if (process.env.BENCH_REPORTS) {
      mkdirSync(process.env.BENCH_REPORTS, { recursive: true });
      const name = `${new URL(url).pathname.slice(1) || 'root'}-${Date.now()}`;
      writeFileSync(join(process.env.BENCH_REPORTS, `${name}.json`), JSON.stringify(lhr));
      // The run's trace, for Chromium DevTools' Performance panel: what each long task was.
      writeFileSync(join(process.env.BENCH_REPORTS, `${name}.trace.json`), JSON.stringify(result.artifacts.Trace));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code}`);
    return figuresOf(lhr, result.artifacts.Trace as { traceEvents: TraceEvent[] }, app);
  } finally {
    await stop();
  }
}

/** The same scripts fetched again and gzip-compressed at level 9 (the budget's unit). */
async function gzipKb(urls: string[]): Promise<number> {
  let bytes = 0;
  for (const url of new Set(urls)) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    bytes += gzipSync(body, { level: 9 }).length;
  }
  return bytes / 1024;
}

async function measure(label: string, url: string, profile: string | null, dir: string, app: boolean): Promise<RouteFigures[]> {
  const runs: RouteFigures[] = [];
  for (let attempt = 0; runs.length < RUNS; attempt += 1) {
    try {
      const figures = await lighthouseOnce(url, profile, dir, app);
      // A guard that sent the student elsewhere would measure the wrong page.
      if (new URL(figures.finalUrl).pathname !== new URL(url).pathname) throw new Error(`${label} ended on ${figures.finalUrl}`);
      const { scriptUrls: _urls, scriptUrlsBeforeLive: _before, ...shown } = figures;
      console.error(`  ${label} run ${runs.length + 1}: ${JSON.stringify(shown)}`);
      runs.push(figures);
    } catch (error) {
      if (attempt >= RUNS + MAX_FAILED_RUNS - 1) throw error;
      console.error(`  ${label}: run failed, running again: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  return runs;
}

/**
 * The blank page, measured as a first visit until an attempt qualifies the run. The routes are measured once,
 * after the qualifying attempt (an attempt that does not qualify would only have its routes' figures thrown
 * away), or after the last one, so that a run that fails still records them.
 */
async function qualifyRun(dir: string): Promise<BenchRow[]> {
  const blank = await serveBlankPage();
  try {
    const attempts = await blankPageAttempts(async (attempt): Promise<BlankPageFigures> => {
      const loadAverage = loadavg()[0] ?? Number.NaN;
      const runs = await measure(`blank page, attempt ${attempt}`, blank.url, null, dir, false);
      const figures = {
        performance: median(runs.map((run) => run.performance)), tbtMs: median(runs.map((run) => run.tbtMs)),
        lcpMs: median(runs.map((run) => run.lcpMs)), loadAverage,
      };
      const verdict = qualifies(figures) ? 'qualifies the run' : `too low${attempt < MAX_ATTEMPTS ? ', measuring it again' : ''}`;
      console.error(`  blank page, attempt ${attempt} of at most ${MAX_ATTEMPTS}: ${figures.performance} (${verdict})`);
      return figures;
    });
    return qualificationRows(attempts, RUNS);
  } finally {
    await blank.close();
  }
}

async function rowsOf(route: RouteCase, runs: RouteFigures[]): Promise<BenchRow[]> {
  const pick = (key: 'performance' | 'accessibility' | 'lcpMs' | 'cls' | 'tbtMs' | 'scriptTransferKb') =>
    median(runs.map((figures) => figures[key]));
  const performance = pick('performance');
  // Rounded as Lighthouse shows it: a shift of a thousandth is not what the budget is about.
  const cls = Number(pick('cls').toFixed(3));
  // Which chunks a run requests before the live mark can differ by one late chunk: the median of the runs, as for
  // every other figure, not whichever run came first.
  const gzipMedian = async (urls: (figures: RouteFigures) => string[]) => {
    const sizes: number[] = [];
    for (const figures of runs) sizes.push(await gzipKb(urls(figures)));
    return Number(median(sizes).toFixed(1));
  };
  const jsGzipKb = await gzipMedian((figures) => figures.scriptUrlsBeforeLive);
  const lcpBeforeLive = runs.filter((figures) => figures.lcpBeforeLive).length;
  const { label, kind, framePaint = false } = route;
  const rows: BenchRow[] = [
    {
      name: `Lighthouse mobile performance, ${label} (median of ${RUNS})`, value: performance, unit: '/ 100',
      budget: `≥ ${PERFORMANCE_BUDGET[kind]} (goal ${PERFORMANCE_GOAL[kind]})`, pass: performance >= PERFORMANCE_BUDGET[kind],
    },
    { name: `LCP, ${label} (simulated mobile, median of ${RUNS})`, value: Math.round(pick('lcpMs')), unit: 'ms', budget: 'reported', pass: true },
    { name: `CLS, ${label} (median of ${RUNS})`, value: cls, unit: '', budget: '0', pass: cls === 0 },
    { name: `Total blocking time, ${label} (median of ${RUNS})`, value: Math.round(pick('tbtMs')), unit: 'ms', budget: 'reported', pass: true },
  ];
  if (kind !== 'landing') {
    rows.push(
      {
        name: `runs of ${label} whose largest paint came before the page went live (the frame's element, hydrated)`,
        value: lcpBeforeLive, unit: `of ${runs.length}`, budget: framePaint ? `${runs.length}` : 'reported',
        pass: !framePaint || lcpBeforeLive === runs.length,
      },
      {
        name: `JavaScript before ${label} is live, the student able to type (gzip -9, median of ${RUNS})`, value: jsGzipKb, unit: 'KB',
        budget: kind === 'returning' ? `≤ ${JS_BUDGET_KB} KB` : 'reported', pass: kind !== 'returning' || jsGzipKb <= JS_BUDGET_KB,
      },
    );
  }
  rows.push(
    { name: `JavaScript loaded by ${label} during the run (gzip -9, median of ${RUNS})`, value: await gzipMedian((figures) => figures.scriptUrls), unit: 'KB', budget: 'reported', pass: true },
    { name: `JavaScript loaded by ${label} (Lighthouse transfer size, median)`, value: Number(pick('scriptTransferKb').toFixed(1)), unit: 'KB', budget: 'reported', pass: true },
    { name: `Lighthouse mobile accessibility, ${label} (median of ${RUNS})`, value: pick('accessibility'), unit: '/ 100', budget: '100', pass: pick('accessibility') === 100 },
  );
  return rows;
}

export async function benchRoutes(): Promise<BenchRow[]> {
  // The journeys' server settings (its limits far above one student's pace); startBuiltServer picks the port.
  const { PORT: _port, PUBLIC_URL: _publicUrl, ...env } = serverEnv(0, mkdtempSync(join(tmpdir(), 'essay-bench-routes-')));
  const server = await startBuiltServer(env);
  const serverUrl = server.url('');
  const dir = mkdtempSync(join(tmpdir(), 'essay-bench-profiles-'));
  const rows: BenchRow[] = [];
  try {
    const seed = await seedProfiles(serverUrl, dir);
    rows.push(...(await qualifyRun(dir)));
    const only = process.env.BENCH_ROUTES?.split(',');
    for (const route of ROUTE_CASES.filter((candidate) => !only || only.some((part) => candidate.label.includes(part)))) {
      const url = new URL(route.path(seed), serverUrl).href;
      const profile = route.profile ? seed[route.profile] : null;
      rows.push(...(await rowsOf(route, await measure(route.label, url, profile, dir, route.kind !== 'landing'))));
    }
  } finally {
    await stopBuiltServer(server);
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rows = await benchRoutes();
  console.log(formatRows(rows));
  if (rows.some((row) => !row.pass)) process.exitCode = 1;
}
