// Lighthouse mobile (simulated throttling, median of three runs) on every app route, each in the state a
// student meets it: the guards only let a student in whose answers are on the device, so a real Chromium
// profile is first walked through the flow by the journeys' own steps (test/e2e/essayFlow.ts), then each
// run opens a copy of that profile with its storage kept (IndexedDB, localStorage, the session cookie) but
// without the HTTP cache and the service worker, as a student coming back on a phone that dropped its cache.
//   free profile: the questionnaire done, a topic picked, the follow-up answered, /result with the purchase panel;
//   paid profile: the same student after the test checkout, whose essay is already written (no generation).
// Standalone: `npx tsx test/bench/routes.ts` (needs `npm run build` first; starts its own server).
// BENCH_ROUTES=/result measures only the routes whose label contains it; BENCH_REPORTS=dir keeps every
// Lighthouse report there (the layout-shifts and largest-contentful-paint-element audits name the elements).
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type Page, chromium, expect } from '@playwright/test';
import lighthouse from 'lighthouse';
import { expectEssayGenerated, press, reachFreeResult } from '../e2e/essayFlow.ts';
import { APP_LIVE_MARK } from '../../src/app/frames/frameMarkup.ts';
import { CHROMIUM_ARGS, chromiumLaunchOptions } from '../e2e/support/chromium.ts';
import { freePort, serverEnv } from '../e2e/support/serverEnv.ts';
import { startBuiltServer, stopBuiltServer } from '../server/serverProcess.ts';
import { median } from './landing.ts';
import { type BenchRow, formatRows } from './types.ts';

const RUNS = 3;
const MAX_FAILED_RUNS = 2;
const PERFORMANCE_BUDGET = 98;
const LCP_BUDGET_MS = 1500;
const JS_BUDGET_KB = 130;

interface RouteCase {
  label: string;
  profile: 'free' | 'paid';
  /** The path, or a function of what seeding found (the thank-you page's session id). */
  path: (seed: Seed) => string;
}

interface Seed {
  free: string;
  paid: string;
  thankYouPath: string;
}

const ROUTE_CASES: RouteCase[] = [
  { label: '/form', profile: 'free', path: () => '/form' },
  { label: '/essay-type', profile: 'free', path: () => '/essay-type' },
  { label: '/topics', profile: 'free', path: () => '/topics' },
  { label: '/followup', profile: 'free', path: () => '/followup' },
  { label: '/result (free, purchase panel)', profile: 'free', path: () => '/result' },
  { label: '/result (paid, essay written)', profile: 'paid', path: () => '/result' },
  { label: '/supplemental', profile: 'paid', path: () => '/supplemental' },
  { label: '/thank-you (paid session id, first visit)', profile: 'paid', path: (seed) => seed.thankYouPath },
];

/**
 * Waits until the device copy records every change as delivered to the server: a student who comes back
 * has usually left the page well after the remote write that follows their last change. (The automated
 * walk reaches /result in about two seconds; closed at once, its device copy would still hold unsent edits,
 * and the app would rightly send them before anything else on the next visit.)
 */
async function waitForDeviceCopySynced(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => new Promise<string>((resolve, reject) => {
    const open = indexedDB.open('essay-studio');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const read = open.result.transaction('state', 'readonly').objectStore('state').get('persist:essay-studio');
      read.onerror = () => reject(read.error);
      read.onsuccess = () => {
        open.result.close();
        const sync = JSON.parse(JSON.parse(String(read.result)).sync) as { saved: { dirty: string[]; resetPending: boolean } };
        resolve(sync.saved.dirty.length === 0 && !sync.saved.resetPending ? 'synced' : 'unsent edits');
      };
    };
  })), { timeout: 15_000 }).toBe('synced');
}

/**
 * Opens each page of `paths` as the student would come back to it, and waits until the app has kept its picture
 * (src/app/frames/pagePicture.ts) with the current stamps: a returning student has seen the pages of the flow
 * they went through, and their next visit paints that picture first.
 */
async function seePages(page: Page, paths: string[]): Promise<void> {
  for (const path of paths) {
    await page.goto(path);
  }
}

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
    await waitForDeviceCopySynced(page);
    await seePages(page, ['/form', '/essay-type', '/topics', '/followup', '/result']);
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
    await waitForDeviceCopySynced(page);
    await seePages(page, ['/result', '/supplemental']);
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
  /** The scripts requested before the live page replaced the frame (the app's APP_LIVE_MARK). */
  scriptUrlsBeforeLive: string[];
  finalUrl: string;
}

/** Chromium on a copy of `profile` without its HTTP cache and service worker, listening for Lighthouse. */
async function launchOnProfile(profile: string, dir: string): Promise<{ port: number; child: ChildProcess }> {
  const copy = join(dir, `profile-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  cpSync(profile, copy, {
    recursive: true,
    filter: (source) => !/[\\/](Cache|Code Cache|GPUCache|Service Worker|CacheStorage|Singleton\w*)$/.test(source),
  });
  const port = freePort();
  const child = spawn(chromiumLaunchOptions.executablePath ?? '/usr/bin/chromium', [
    '--headless', ...CHROMIUM_ARGS, `--remote-debugging-port=${port}`, `--user-data-dir=${copy}`, 'about:blank',
  ], { stdio: 'ignore' });
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return { port, child };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('Chromium did not open its debugging port');
}

async function lighthouseOnce(url: string, profile: string, dir: string): Promise<RouteFigures> {
  const { port, child } = await launchOnProfile(profile, dir);
  try {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      // The point of the run: keep the student's device copy and session cookie.
      disableStorageReset: true,
    });
    if (!result) throw new Error('Lighthouse returned nothing');
    const { lhr } = result;
    if (process.env.BENCH_REPORTS) {
      mkdirSync(process.env.BENCH_REPORTS, { recursive: true });
      writeFileSync(join(process.env.BENCH_REPORTS, `${new URL(url).pathname.slice(1) || 'root'}-${Date.now()}.json`), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code}`);
    type Request = { url: string; resourceType?: string; transferSize?: number; rendererStartTime?: number };
    const requests = (lhr.audits['network-requests']?.details as { items?: Request[] } | undefined)?.items ?? [];
    const scripts = requests.filter((request) => request.resourceType === 'Script');
    // Both times count from the navigation's start, as observed (not simulated).
    const marks = (lhr.audits['user-timings']?.details as { items?: Array<{ name: string; startTime: number }> } | undefined)?.items ?? [];
    const live = marks.find((mark) => mark.name === APP_LIVE_MARK)?.startTime;
    if (live === undefined) throw new Error(`the page never went live (no ${APP_LIVE_MARK} mark)`);
    const score = (category: 'performance' | 'accessibility') => Math.round((lhr.categories[category]?.score ?? 0) * 100);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
      cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN,
      scriptTransferKb: scripts.reduce((sum, request) => sum + (request.transferSize ?? 0), 0) / 1024,
      scriptUrls: scripts.map((request) => request.url),
      scriptUrlsBeforeLive: scripts.filter((request) => (request.rendererStartTime ?? 0) < live).map((request) => request.url),
      finalUrl: lhr.finalDisplayedUrl,
    };
  } finally {
    child.kill('SIGTERM');
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

export async function benchRoutes(): Promise<BenchRow[]> {
  // The journeys' server settings (its limits far above one student's pace); startBuiltServer picks the port.
  const { PORT: _port, PUBLIC_URL: _publicUrl, ...env } = serverEnv(0, mkdtempSync(join(tmpdir(), 'essay-bench-routes-')));
  const server = await startBuiltServer(env);
  const serverUrl = server.url('');
  const dir = mkdtempSync(join(tmpdir(), 'essay-bench-profiles-'));
  const rows: BenchRow[] = [];
  try {
    const seed = await seedProfiles(serverUrl, dir);
    const only = process.env.BENCH_ROUTES;
    for (const route of ROUTE_CASES.filter((candidate) => !only || candidate.label.includes(only))) {
      const url = new URL(route.path(seed), serverUrl).href;
      const runs: RouteFigures[] = [];
      for (let attempt = 0; runs.length < RUNS; attempt += 1) {
        try {
          const figures = await lighthouseOnce(url, seed[route.profile], dir);
          // A guard that sent the student elsewhere would measure the wrong page.
          if (new URL(figures.finalUrl).pathname !== new URL(url).pathname) {
            throw new Error(`${route.label} ended on ${figures.finalUrl}`);
          }
          const { scriptUrls: _urls, scriptUrlsBeforeLive: _before, ...shown } = figures;
          console.error(`  ${route.label} run ${runs.length + 1}: ${JSON.stringify(shown)}`);
          runs.push(figures);
        } catch (error) {
          if (attempt >= RUNS + MAX_FAILED_RUNS - 1) throw error;
          console.error(`  ${route.label}: run failed, running again: ${(error as Error).message.split('\n')[0]}`);
        }
      }
      const pick = (key: 'performance' | 'accessibility' | 'lcpMs' | 'cls' | 'tbtMs' | 'scriptTransferKb') =>
        median(runs.map((figures) => figures[key]));
      const performance = pick('performance');
      const lcpMs = Math.round(pick('lcpMs'));
      // Rounded as Lighthouse shows it: a shift of a thousandth is not what the budget is about.
      const cls = Number(pick('cls').toFixed(3));
      const jsGzipKb = await gzipKb(runs[0]?.scriptUrlsBeforeLive ?? []);
      const allJsGzipKb = await gzipKb(runs[0]?.scriptUrls ?? []);
      rows.push(
        { name: `Lighthouse mobile performance, ${route.label} (median of 3)`, value: performance, unit: '/ 100', budget: `≥ ${PERFORMANCE_BUDGET}`, pass: performance >= PERFORMANCE_BUDGET },
        { name: `LCP, ${route.label} (simulated mobile, median of 3)`, value: lcpMs, unit: 'ms', budget: `≤ ${LCP_BUDGET_MS} ms`, pass: lcpMs <= LCP_BUDGET_MS },
        { name: `CLS, ${route.label} (median of 3)`, value: Number(cls.toFixed(3)), unit: '', budget: '0', pass: cls === 0 },
        { name: `Total blocking time, ${route.label} (median of 3)`, value: Math.round(pick('tbtMs')), unit: 'ms', budget: 'reported', pass: true },
        { name: `JavaScript before ${route.label} is live, the student able to type (gzip -9)`, value: Number(jsGzipKb.toFixed(1)), unit: 'KB', budget: `≤ ${JS_BUDGET_KB} KB`, pass: jsGzipKb <= JS_BUDGET_KB },
        { name: `JavaScript loaded by ${route.label} during the run, the contract after the first answer included (gzip -9)`, value: Number(allJsGzipKb.toFixed(1)), unit: 'KB', budget: 'reported', pass: true },
        { name: `JavaScript loaded by ${route.label} (Lighthouse transfer size, median)`, value: Number(pick('scriptTransferKb').toFixed(1)), unit: 'KB', budget: 'reported', pass: true },
        { name: `Lighthouse mobile accessibility, ${route.label} (median of 3)`, value: pick('accessibility'), unit: '/ 100', budget: '100', pass: pick('accessibility') === 100 },
      );
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
