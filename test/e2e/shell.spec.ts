import { readFileSync, readdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './support/seededStudent.ts';
import AxeBuilder from '@axe-core/playwright';
import { E2E_ADMIN_TOKEN } from './support/serverEnv.ts';

/** The built file of one source module, from the build's manifest (its name carries a content hash). */
function builtFile(source: string): string {
  const manifest = JSON.parse(readFileSync(new URL('../../dist/client/.vite/manifest.json', import.meta.url), 'utf8')) as
    Record<string, { file: string; name?: string }>;
  // A module shared by several chunks is listed under its chunk's name (the popup: the landing page's and /result's).
  const name = source.replace(/^.*\//, '').replace(/\.[jt]sx?$/, '');
  const shared = Object.entries(manifest).filter(([key, chunk]) => key.startsWith('_') && chunk.name === name);
  const entry = manifest[source] ?? (shared.length === 1 ? shared[0]![1] : undefined);
  if (!entry) throw new Error(`${source} is not in the build's manifest`);
  return `/${entry.file}`;
}

const sessionUid = (page: Page) =>
  page.evaluate(async () => {
    const response = await fetch('/api/session', { method: 'POST' });
    return ((await response.json()) as { uid: string }).uid;
  });

// Tagged @mobile one by one: the guards' redirects and a plan granted on the server are the same at any width,
// so only the layout, a reload and axe-core run again at a phone's width.
test.describe('app shell', () => {
  for (const path of ['/result', '/topics', '/essay-type', '/followup', '/supplemental', '/referrals']) {
    test(`a new student visiting ${path} first is sent to /form`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/form$/);
      await expect(page.getByRole('heading', { name: /Basic Information/ })).toBeVisible();
    });
  }

  test('shows the layout: brand link home, the five progress steps and the Free badge @mobile', async ({ page }) => {
    await page.goto('/form');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Essay Studio' })).toHaveAttribute('href', '/');
    for (const step of ['Information', 'Essay Type', 'Topics', 'Follow-up', 'Result']) {
      await expect(header.getByText(step, { exact: true })).toBeVisible();
    }
    await expect(header.getByText('Free', { exact: true })).toBeVisible();
  });

  test('a reload keeps the session and what the student typed @mobile', async ({ page }) => {
    await page.goto('/form');
    // The questionnaire is there only once the app's own session call has answered (a new browser waits for its
    // remote copy): asking for the session before that would race the app's call and could start a second one.
    await page.getByLabel(/Full name/i).fill('Maya Chen');
    const uid = await sessionUid(page);
    await page.getByLabel(/E-?mail/i).fill('maya@example.com');
    // The device copy is written at once; give IndexedDB a moment to commit before reloading.
    await page.waitForTimeout(300);
    await page.reload();
    await expect(page.getByLabel(/Full name/i)).toHaveValue('Maya Chen');
    await expect(page.getByLabel(/E-?mail/i)).toHaveValue('maya@example.com');
    expect(await sessionUid(page)).toBe(uid);
  });

  test('the badge reads Paid once an operator grants the plan, without a reload', async ({ page, request }) => {
    await page.goto('/form');
    await expect(page.getByRole('banner').getByText('Free', { exact: true })).toBeVisible();
    const uid = await sessionUid(page);
    const grant = await request.post('/api/admin/entitlements', {
      headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` },
      data: { uid, plan: 'paid' },
    });
    expect(grant.status()).toBe(200);
    // Coming back to the tab refetches the plan (a purchase made in another tab shows).
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(page.getByRole('banner').getByText('Paid', { exact: true })).toBeVisible();
  });

  test('the questionnaire page passes axe-core @mobile', async ({ page }) => {
    await page.goto('/form');
    await expect(page.getByRole('heading', { name: /Basic Information/ })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });
});

// The order of the app's start-up requests does not depend on the width: the laptop's run proves it.
test.describe('start-up without the contract', () => {
  // Every script request is the page's own, not the service worker's copy.
  test.use({ serviceWorkers: 'block' });

  test("a returning student can type before the contract is fetched; it comes with the first answer from the server, in a worker thread",
    async ({ page }) => {
      const isContractWorker = (path: string) => /^\/assets\/contractWorker-[\w-]+\.js$/.test(path);
      await page.goto('/form');
      await page.getByLabel(/Full name/i).fill('Maya Patel');
      await expect(page.getByRole('banner').getByText('Saved online')).toBeVisible({ timeout: 10_000 });

      // Back on the same browser: the server's answers wait until the student has typed, so everything before
      // that ran without them.
      let answer!: () => void;
      const typed = new Promise<void>((resolve) => {
        answer = resolve;
      });
      await page.route('**/api/**', async (route) => {
        await typed;
        await route.continue();
      });
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      const workers: string[] = [];
      page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
      await page.reload();
      await expect(page.getByLabel(/Full name/i)).toHaveValue('Maya Patel');
      await page.getByLabel(/Full name/i).fill('Maya R. Patel');
      expect(scripts.length).toBeGreaterThan(5);
      expect(workers).toEqual([]);

      answer();
      await expect.poll(() => workers.filter(isContractWorker)).toHaveLength(1);
      await expect(page.getByRole('banner').getByText('Saved online')).toBeVisible({ timeout: 10_000 });
      // The page's own scripts never hold the contract: zod's schemas are built in the worker alone.
      expect(scripts.filter((path) => path.includes('contract') && !isContractWorker(path))).toEqual([]);
    });
});

test.describe('the pre-rendered frame @mobile', () => {
  /** Notes, before any script runs, the page's heading as the frame painted it; and every error the page logs. */
  const watch = async (page: Page) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { framed: Element | null }).framed = document.querySelector('main h1');
      });
    });
    return {
      errors,
      /** Whether the heading on screen now is the very element the frame painted (hydrated, not replaced). */
      sameHeading: () => page.evaluate(() => {
        const framed = (window as unknown as { framed: Element | null }).framed;
        return framed !== null && framed === document.querySelector('main h1');
      }),
    };
  };

  test('a new student\'s /form is its frame hydrated: what was painted first stays on screen', async ({ page }) => {
    const { errors, sameHeading } = await watch(page);
    await page.goto('/form');
    await page.getByLabel(/Full name/i).fill('Maya Patel');
    expect(await sameHeading()).toBe(true);
    expect(errors).toEqual([]);
  });

  test('a returning student\'s page, with their answers, takes the frame\'s place, and what they type at once is kept', async ({ page }) => {
    await page.goto('/form');
    await page.getByLabel(/Full name/i).fill('Maya Patel');
    await expect(page.getByRole('banner').getByText('Saved online')).toBeVisible({ timeout: 10_000 });
    const { errors, sameHeading } = await watch(page);
    await page.reload();
    await expect(page.getByLabel(/Full name/i)).toHaveValue('Maya Patel');
    // Drawn anew in the frame's place in one commit: filling the frame in would shift its parts as answers appear.
    expect(await sameHeading()).toBe(false);
    await page.getByLabel(/Full name/i).fill('Maya R. Patel');
    // Reloaded once the server holds it: a reload in the very instant after a keystroke can leave the device
    // copy's write unfinished (a student's reload comes later; sync.spec.ts closes the page 100 ms after one).
    const savedName = async () => ((await (await page.request.get('/api/forms/me')).json()) as {
      document: { basicInfo: { fullName: string } } | null;
    }).document?.basicInfo.fullName;
    await expect.poll(savedName).toBe('Maya R. Patel');
    await page.reload();
    await expect(page.getByLabel(/Full name/i)).toHaveValue('Maya R. Patel');
    expect(errors).toEqual([]);
  });
});

test.describe('the built chunks', () => {
  // V8 compiles every function of a chunk that starts with its compile hint while the chunk streams in, off the
  // main thread: right for what the app's start runs, wasteful for what waits for a rare click.
  const startsWithHint = (source: string) =>
    readFileSync(new URL(`../../dist/client${builtFile(source)}`, import.meta.url), 'utf8').startsWith('//# allFunctionsCalledOnLoad\n');

  test("no frame requests before its page is live what comes later: what sits below the essay, the share panel, the short-draft notice, the promo popup, the essay stream and its writing, the coach's review, the remote sync's steps, and the after-live chunk (analytics, the feedback form, the service worker's registration)", () => {
    const later = [
      'src/features/essay/EssayVersions.tsx', 'src/features/essay/EssayRecordPanel.tsx', 'src/features/discount/PromoPopup.tsx',
      'src/api/eventStream.ts', 'src/features/coach/CoachReviewPanel.tsx', 'src/common/coach/index.ts',
      'src/app/persistence/syncSteps.ts', 'src/features/essay/writeEssay.ts', 'src/features/essay/MaterialNotice.tsx',
      'src/features/shares/SharePanel.tsx',
      // A chunk of several modules (src/build/afterLiveChunk.ts), named in the manifest by its chunk's name.
      'after-live',
    ].map(builtFile);
    for (const frame of ['form', 'result', 'supplemental', 'coach']) {
      const html = readFileSync(new URL(`../../dist/client/${frame}.html`, import.meta.url), 'utf8');
      expect(html).toContain(builtFile('src/app/loadApp.ts'));
      for (const file of later) expect(html).not.toContain(file);
    }
  });

  test("the app shell, which every page loads, holds no stage's thunks (they come with the pages that start them) and no service worker registration", () => {
    const assets = new URL('../../dist/client/assets/', import.meta.url);
    const shellMap = readdirSync(assets).find((name) => name.startsWith('app-shell-') && name.endsWith('.js.map'));
    const { sources } = JSON.parse(readFileSync(new URL(shellMap!, assets), 'utf8')) as { sources: string[] };
    expect(sources.some((source) => source.endsWith('src/app/startApp.tsx'))).toBe(true);
    expect(sources.filter((source) => /src\/features\/\w+\/\w+Thunks\.ts$|src\/app\/pwa\/serviceWorker\.ts$/.test(source))).toEqual([]);
  });

  test('React Router and localforage come as the production builds their packages publish', () => {
    const assets = new URL('../../dist/client/assets/', import.meta.url);
    const sources = readdirSync(assets).filter((name) => name.endsWith('.js.map'))
      .flatMap((name) => (JSON.parse(readFileSync(new URL(name, assets), 'utf8')) as { sources: string[] }).sources);
    expect(sources.some((source) => source.includes('react-router/dist/production/'))).toBe(true);
    expect(sources.filter((source) => source.includes('react-router/dist/development/'))).toEqual([]);
    expect(sources.some((source) => source.endsWith('localforage/dist/localforage.nopromises.js'))).toBe(true);
    expect(sources.filter((source) => source.endsWith('localforage/dist/localforage.js'))).toEqual([]);
  });

  test('the entry every page loads carries no modulepreload polyfill', () => {
    const entry = readFileSync(new URL(`../../dist/client${builtFile('index.html')}`, import.meta.url), 'utf8');
    expect(entry).toContain('loadApp');
    // The polyfill watches the document for modulepreload links added later.
    expect(entry).not.toContain('MutationObserver');
  });

  test("zod and the contract's schemas are in the contract worker's script alone: no script a page runs builds a schema", () => {
    const assets = new URL('../../dist/client/assets/', import.meta.url);
    // Every zod schema class is made by zod's $constructor under a name like "$ZodType", kept by minification.
    const withZod = readdirSync(assets).filter((name) => name.endsWith('.js') && readFileSync(new URL(name, assets), 'utf8').includes('$ZodType'));
    expect(withZod).toEqual([expect.stringMatching(/^contractWorker-[\w-]+\.js$/)]);
  });

  test("React's renderer, the app's loader and a page carry the compile hint; the Word export does not", () => {
    expect(startsWithHint('node_modules/react-dom/client.js')).toBe(true);
    expect(startsWithHint('src/app/loadApp.ts')).toBe(true);
    expect(startsWithHint('src/features/wizard/FormPage.tsx')).toBe(true);
    expect(startsWithHint('src/features/essay/essayDocx.ts')).toBe(false);
  });
});

// The server's answers, with no page: the same for every browser, so not repeated at a phone's width.
test.describe('app shell, the server\'s answers', () => {
  test('unknown API paths answer JSON 404 and client routes get the app', async ({ request }) => {
    const api = await request.get('/api/nope');
    expect(api.status()).toBe(404);
    expect(await api.json()).toMatchObject({ code: 'not_found' });
    // As a browser navigates: a missing file fetched by a script (Accept: */*) gets the JSON 404 instead.
    const page = await request.get('/essay-type', { headers: { accept: 'text/html' } });
    expect(page.status()).toBe(200);
    expect(page.headers()['content-type']).toContain('text/html');
  });
});
