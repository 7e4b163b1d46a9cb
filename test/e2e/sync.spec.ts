// The store that never loses a word, in Chromium against the real server: reloads, a closed tab, an answer
// at the length limit, a server that goes away and comes back, a tab opened offline, and two tabs editing
// one after the other. Journeys where the server goes away reach it through a link of their own that they
// cut and restore (support/serverLink.ts); the server itself stays up for the other journeys.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/seededStudent.ts';
import type { FormDocument } from '../../src/common/questionnaire/formDocument.ts';
import { press } from './essayFlow.ts';
import { linkTo, type ServerLink } from './support/serverLink.ts';
import { openOffline } from './support/offlineDocument.ts';

// A trace of every failure, a first try's too: these journeys hang on the timing of the browser, its service
// worker and the server, and a failure that passes on its retry is explained only by its own trace.
test.use({ trace: 'retain-on-failure' });

const SAVE_FAILED = 'Failed to save your changes. They might not persist if you refresh.';

const header = (page: Page) => page.getByRole('banner');
const savedOnline = (page: Page) => expect(header(page).getByText('Saved online')).toBeVisible({ timeout: 10_000 });
const fullName = (page: Page) => page.getByLabel(/Full name/i);
const email = (page: Page) => page.getByLabel(/^Email/i);

/** The server's copy of this browser's document, read with the page's own session cookie. */
async function serverDocument(request: APIRequestContext, baseUrl: string): Promise<FormDocument | null> {
  const response = await request.get(`${baseUrl}/api/forms/me`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { document: FormDocument | null }).document;
}

async function fillStepOne(page: Page, name: string, address: string) {
  await fullName(page).fill(name);
  await email(page).fill(address);
}

/** Steps 1 to 4 with what they require, to the insight questions of step 5. */
async function openInsights(page: Page, base = '') {
  await page.goto(`${base}/form`);
  await fillStepOne(page, 'Maya Chen', 'maya@example.com');
  await press(page.getByRole('button', { name: 'Next' }));
  await page.getByLabel(/Class rank/).selectOption('Top 10%');
  await press(page.getByRole('checkbox', { name: 'Mathematics' }), 'check');
  await press(page.getByRole('button', { name: 'Next' }));
  await press(page.getByRole('checkbox', { name: 'Research University' }), 'check');
  await press(page.getByRole('button', { name: 'Next' }));
  await press(page.getByRole('button', { name: 'Next' }));
  await expect(page.getByRole('heading', { name: /Step 5 of 5/ })).toBeVisible();
}

const ROLE_MODEL = 'Who is someone you look up to, and why?';

test.describe('the questionnaire keeps every word', () => {
  test('a reload on step 3 comes back to step 3 with every answer @mobile', async ({ page }) => {
    await page.goto('/form');
    await fillStepOne(page, 'Maya Chen', 'maya@example.com');
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel(/Class rank/).selectOption('Top 10%');
    await page.getByLabel('GPA (optional)').fill('3.9 unweighted');
    await page.getByRole('checkbox', { name: 'Mathematics' }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('checkbox', { name: 'Research University' }).check();
    await page.getByLabel('Specific colleges (optional)').fill('Georgia Tech');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.getByRole('heading', { name: /Step 3 of 5/ })).toBeVisible();
    await savedOnline(page);

    await page.reload();
    await expect(page.getByRole('heading', { name: /Step 3 of 5.*College Goals/ })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Research University' })).toBeChecked();
    await expect(page.getByRole('list', { name: 'Colleges you added' })).toContainText('Georgia Tech');
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(page.getByLabel(/Class rank/)).toHaveValue('Top 10%');
    await expect(page.getByLabel('GPA (optional)')).toHaveValue('3.9 unweighted');
    await expect(page.getByRole('checkbox', { name: 'Mathematics' })).toBeChecked();
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect(fullName(page)).toHaveValue('Maya Chen');
    await expect(email(page)).toHaveValue('maya@example.com');
  });

  test('closing the page 100 ms after the last keystroke loses nothing', async ({ context }) => {
    const page = await context.newPage();
    await page.goto('/form');
    // Typing key by key does not wait for the field: wait until it takes input (the page before the data is
    // known shows it disabled).
    await expect(fullName(page)).toBeEditable();
    await fullName(page).pressSequentially('Maya Chen, typed just before closing', { delay: 20 });
    await page.waitForTimeout(100);
    await page.close();

    const reopened = await context.newPage();
    await reopened.goto('/form');
    await expect(fullName(reopened)).toHaveValue('Maya Chen, typed just before closing');
  });

  test('a 500-character answer ending in an emoji is saved online whole', async ({ page, baseURL }) => {
    await openInsights(page);
    const sentence = 'My grandfather fixed radios for the whole street and never charged a neighbour who could not pay. ';
    const answer = `${sentence.repeat(6).slice(0, 499)}🤖`; // 500 characters, 501 UTF-16 units
    const box = page.getByLabel(ROLE_MODEL);
    await box.fill(answer);
    await expect(box).toHaveValue(answer);
    await expect(box).toHaveAccessibleDescription('500 of 500 characters');
    await savedOnline(page);
    const saved = await serverDocument(page.request, baseURL ?? '');
    expect(saved?.personalInsights.roleModel).toBe(answer);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('two tabs editing one after the other: the later edit wins in both', async ({ context, baseURL }) => {
    const first = await context.newPage();
    await first.goto('/form');
    await fullName(first).fill('Ann Lee');
    await savedOnline(first);
    const second = await context.newPage();
    await second.goto('/form');
    await expect(fullName(second)).toHaveValue('Ann Lee');

    // The second tab edits after the first: both end with the second tab's words, not a mixture.
    await fullName(second).fill('Bea Park');
    await email(second).fill('bea@example.com');
    await savedOnline(second);
    await expect(fullName(first)).toHaveValue('Bea Park');
    await expect(email(first)).toHaveValue('bea@example.com');

    // And back the other way.
    await fullName(first).fill('Bea Park-Lee');
    await expect(fullName(second)).toHaveValue('Bea Park-Lee');
    const saved = await serverDocument(first.request, baseURL ?? '');
    expect(saved?.basicInfo).toEqual({ fullName: 'Bea Park-Lee', email: 'bea@example.com' });

    // A reload of either tab shows the same.
    await first.reload();
    await expect(fullName(first)).toHaveValue('Bea Park-Lee');
  });
});

test.describe('when the server goes away', () => {
  test.use({ serviceWorkers: 'allow' });
  let server: ServerLink & { close(): Promise<void> };

  test.beforeEach(async ({ baseURL }) => {
    server = await linkTo(baseURL ?? '');
  });

  test.afterEach(async () => {
    await server.close();
  });

  /** When this page's context sends the questionnaire to the server (the page's or its service worker's PUT). */
  function recordSends(page: Page): number[] {
    const sent: number[] = [];
    page.context().on('request', (request) => {
      if (request.method() === 'PUT' && new URL(request.url()).pathname === '/api/forms/me') sent.push(Date.now());
    });
    return sent;
  }

  /**
   * The page sends its answers within 2 s of reconnecting at `since` (the browser's `online` event starts the
   * sync: no backoff is waited out), and the server then has them. The 2 s is the page's alone: how long the one
   * server every journey shares takes to store them depends on the other journeys on the same two cores (the
   * server's latency is the load bench's to measure). The server is asked at Playwright's default intervals
   * (a few times a second at first, then each second): this browser may read its answers 60 times a minute,
   * and asking every 100 ms used that up (a 429) when the server took over 6 s.
   */
  async function sentWithin2s(page: Page, sent: number[], since: number, check: (document: FormDocument | null) => unknown) {
    await expect.poll(async () => check(await serverDocument(page.request, server.url)), { timeout: 10_000 }).toBe(true);
    const first = sent.find((at) => at >= since);
    expect(first, 'a PUT of the questionnaire after reconnecting').toBeDefined();
    expect((first ?? Infinity) - since).toBeLessThan(2000);
  }

  test('edits typed while the server is down reach it once it is back, and the save failure showed meanwhile',
    async ({ page }) => {
      await page.goto(`${server.url}/form`);
      await fillStepOne(page, 'Maya Chen', 'maya@example.com');
      await savedOnline(page);

      await server.disconnect();
      await fullName(page).fill('Maya Chen-Okafor');
      await expect(page.getByRole('alert').filter({ hasText: SAVE_FAILED })).toBeVisible();
      await expect(header(page).getByText('Saved on this device')).toBeVisible();

      await server.reconnect();
      // The sync retries with backoff (at most 10 s apart): the student does nothing.
      await expect(page.getByRole('alert').filter({ hasText: SAVE_FAILED })).toBeHidden({ timeout: 20_000 });
      await savedOnline(page);
      const saved = await serverDocument(page.request, server.url);
      expect(saved?.basicInfo).toEqual({ fullName: 'Maya Chen-Okafor', email: 'maya@example.com' });
    });

  test('offline: the shell loads with the edits after a reload, and sends them to the server within 2 s of reconnecting @mobile',
    async ({ page, context }) => {
      await page.goto(`${server.url}/form`);
      await fillStepOne(page, 'Maya Chen', 'maya@example.com');
      await savedOnline(page);
      // The service worker has cached the app shell.
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });

      // No connection at all: setOffline does not cover the worker's own requests, so the server goes too.
      await server.disconnect();
      await context.setOffline(true);
      await expect(header(page).getByText('Offline: saved on this device')).toBeVisible();
      await fullName(page).fill('Maya Chen-Okafor');
      await email(page).fill('maya.okafor@example.com');
      await press(page.getByRole('button', { name: 'Next' }));
      await page.getByLabel('GPA (optional)').fill('3.92');
      await expect(page.getByRole('alert')).toHaveCount(0); // offline is not a failed save: nothing was tried

      await openOffline(page, () => page.reload());
      await expect(page.getByRole('heading', { name: /Step 2 of 5/ })).toBeVisible();
      await expect(page.getByLabel('GPA (optional)')).toHaveValue('3.92');
      await expect(header(page).getByText('Offline: saved on this device')).toBeVisible();
      await press(page.getByRole('button', { name: 'Back', exact: true }));
      await expect(fullName(page)).toHaveValue('Maya Chen-Okafor');
      await expect(email(page)).toHaveValue('maya.okafor@example.com');

      const sent = recordSends(page);
      await server.reconnect();
      const reconnected = Date.now();
      await context.setOffline(false);
      await sentWithin2s(page, sent, reconnected, (saved) => saved?.academics.gpa === '3.92'
        && saved.basicInfo.fullName === 'Maya Chen-Okafor' && saved.basicInfo.email === 'maya.okafor@example.com');
      await savedOnline(page);
    });

  test('offline: edits from a closed tab reach the server from a new tab opened offline, sent within 2 s of reconnecting, with no typing @mobile',
    async ({ context }) => {
      const first = await context.newPage();
      await openInsights(first, server.url);
      await savedOnline(first);
      await first.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });

      await server.disconnect();
      await context.setOffline(true);
      const answer = 'My aunt, who taught herself to code at fifty and now teaches the night class at the library. 🌙';
      await first.getByLabel(ROLE_MODEL).fill(answer);
      await expect(header(first).getByText('Offline: saved on this device')).toBeVisible();
      await first.close();

      const second = await context.newPage();
      await openOffline(second, () => second.goto(`${server.url}/form`));
      await expect(second.getByRole('heading', { name: /Step 5 of 5/ })).toBeVisible();
      await expect(second.getByLabel(ROLE_MODEL)).toHaveValue(answer);
      await expect(header(second).getByText('Offline: saved on this device')).toBeVisible();
      await expect(second.getByRole('alert')).toHaveCount(0);

      const sent = recordSends(second);
      await server.reconnect();
      const reconnected = Date.now();
      await context.setOffline(false);
      await sentWithin2s(second, sent, reconnected, (saved) => saved?.personalInsights.roleModel === answer);
      await savedOnline(second);
    });
});
