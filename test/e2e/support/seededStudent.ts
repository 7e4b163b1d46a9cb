// Journeys that test what comes after the questionnaire start from a student the app itself produced, instead of
// clicking through the flow again. The flow is walked once per run, in a browser of its own: the first worker
// that needs a stage walks it and saves the browser's storage there with Playwright (`storageState` with its
// IndexedDB, where the app keeps the device copy, and its localStorage); later workers read the saved files.
// A seeded journey's browser starts from that storage WITHOUT the walker's cookie: the app meets a device copy
// and no session, as after a lost session, so it starts a session of its own and sends the whole device copy to
// it. Every journey is thus its own student on the server, and its pages open where the walk stopped.
//
// In a spec: `test.use({ seed: 'freeResult' })`, then `await arriveAt(page, 'freeResult')`.
// Every spec takes `test` from here, so all journeys share one set of worker fixtures and Playwright keeps its
// workers (and their browsers) from one journey to the next.
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { chooseTopicAndAnswer, expectFreeResult, fillProfile } from '../essayFlow.ts';

/** Where a seeded student starts: after the questionnaire (at /essay-type), or free at /result with no essay. */
export type SeedStage = 'questionnaire' | 'freeResult';

const STAGES: readonly SeedStage[] = ['questionnaire', 'freeResult'];

/** The header's save state once the server holds this browser's answers. */
export const expectSavedOnline = (page: Page): Promise<void> =>
  expect(page.getByRole('banner').getByText('Saved online')).toBeVisible({ timeout: 10_000 });

/** The browser's storage for this origin, as Playwright saves it, without the session cookie. */
async function saveStorage(context: BrowserContext, origin: string, file: string): Promise<void> {
  const state = await context.storageState({ indexedDB: true });
  const kept = { cookies: [], origins: state.origins.filter((entry) => entry.origin === origin) };
  if (kept.origins.length !== 1) throw new Error(`The walk left no storage for ${origin}`);
  // Written beside and renamed: a worker reading it meanwhile sees the whole file or none.
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, JSON.stringify(kept));
  renameSync(partial, file);
}

/**
 * The flow as `reachFreeResult` walks it (Maya's questionnaire, Prompt 1, three follow-up answers), with the
 * storage saved at each stage once the server has the answers (so nothing the app still had to write is missing).
 */
async function walk(browser: Browser, baseURL: string, fileOf: (stage: SeedStage) => string): Promise<void> {
  // Every option the journey's own context would otherwise pass on to a context made during it, set here.
  const context = await browser.newContext({
    baseURL, storageState: undefined, viewport: { width: 1280, height: 720 }, isMobile: false, hasTouch: false,
    serviceWorkers: 'allow', offline: false,
  });
  try {
    const page = await context.newPage();
    await fillProfile(page);
    await expectSavedOnline(page);
    await saveStorage(context, new URL(baseURL).origin, fileOf('questionnaire'));
    await chooseTopicAndAnswer(page);
    await expectSavedOnline(page);
    await saveStorage(context, new URL(baseURL).origin, fileOf('freeResult'));
  } finally {
    await context.close();
  }
}

/** The saved storage of each stage: read from an earlier worker's walk of this run, or walked here once. */
class SeedWalk {
  private walking: Promise<void> | null = null;

  constructor(private readonly browser: Browser, private readonly dir: string) {}

  fileOf = (stage: SeedStage): string => join(this.dir, `${stage}.json`);

  async file(stage: SeedStage, baseURL: string): Promise<string> {
    if (STAGES.every((each) => existsSync(this.fileOf(each)))) return this.fileOf(stage);
    this.walking ??= walk(this.browser, baseURL, this.fileOf).catch((error: unknown) => {
      this.walking = null; // the next journey walks again
      throw error;
    });
    await this.walking;
    return this.fileOf(stage);
  }
}

type SeedFixtures = {
  /** The stage this journey's browser starts from; none by default (a new browser). */
  seed: SeedStage | undefined;
  seedFile: string | undefined;
};

// Playwright names a fixture's value-giving callback `use`; here it is `provide`, which is not a React hook.
export const test = base.extend<SeedFixtures, { seedWalk: SeedWalk }>({
  seed: [undefined, { option: true }],
  seedWalk: [async ({ browser }, provide, workerInfo) => {
    // The output folder is emptied at the start of each run; the port names this run's server (the origin).
    const port = new URL(String(workerInfo.project.use.baseURL)).port;
    const dir = join(workerInfo.project.outputDir, `seeded-students-${port}`);
    mkdirSync(dir, { recursive: true });
    await provide(new SeedWalk(browser, dir));
  }, { scope: 'worker' }],
  // The walk, when this journey is the first to need it, has its own time: the journey's budget is for itself.
  seedFile: [async ({ seed, seedWalk, baseURL }, provide) => {
    await provide(seed === undefined ? undefined : await seedWalk.file(seed, baseURL ?? ''));
  }, { timeout: 120_000 }],
  storageState: async ({ storageState, seedFile }, provide) => {
    await provide(seedFile ?? storageState);
  },
});

export { expect };

/**
 * Opens the stage's page in a seeded browser and waits for what the walk ended on, and for the app to have
 * started this browser's session and sent it the device copy (the header's "Saved online").
 */
export async function arriveAt(page: Page, stage: SeedStage): Promise<void> {
  if (stage === 'questionnaire') {
    await page.goto('/essay-type');
    await expect(page).toHaveURL(/\/essay-type$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Choose Your Essay Type' })).toBeVisible();
  } else {
    await page.goto('/result');
    await expectFreeResult(page);
  }
  await expectSavedOnline(page);
}
