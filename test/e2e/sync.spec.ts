// The store that never loses a word (issue 3's "Done when"), in Chromium against the real server: reloads,
// a closed tab, a server that goes away and comes back, and two tabs editing one after the other. Journeys
// that stop the server start one of their own (support/ownServer.ts); the run's shared server stays up.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { FormDocument } from '../../src/shared/formDocument.ts';
import { ownServer, type OwnServer } from './support/ownServer.ts';

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
    await expect(fullName(page)).toBeVisible();
    await fullName(page).pressSequentially('Maya Chen, typed just before closing', { delay: 20 });
    await page.waitForTimeout(100);
    await page.close();

    const reopened = await context.newPage();
    await reopened.goto('/form');
    await expect(fullName(reopened)).toHaveValue('Maya Chen, typed just before closing');
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
  let server: OwnServer;

  test.beforeEach(async () => {
    server = await ownServer();
    await server.start();
  });

  test.afterEach(async () => {
    await server.dispose();
  });

  test('edits typed while the server is down reach it once it is back, and the save failure showed meanwhile',
    async ({ page }) => {
      await page.goto(`${server.url}/form`);
      await fillStepOne(page, 'Maya Chen', 'maya@example.com');
      await savedOnline(page);

      await server.stop();
      await fullName(page).fill('Maya Chen-Okafor');
      await expect(page.getByRole('alert').filter({ hasText: SAVE_FAILED })).toBeVisible();
      await expect(header(page).getByText('Saved on this device')).toBeVisible();

      await server.start();
      // The sync retries with backoff (at most 10 s apart): the student does nothing.
      await expect(page.getByRole('alert').filter({ hasText: SAVE_FAILED })).toBeHidden({ timeout: 20_000 });
      await savedOnline(page);
      const saved = await serverDocument(page.request, server.url);
      expect(saved?.basicInfo).toEqual({ fullName: 'Maya Chen-Okafor', email: 'maya@example.com' });
    });

  test('offline: the shell loads with the edits after a reload, and the server has them within 2 s of reconnecting',
    async ({ page, context }) => {
      await page.goto(`${server.url}/form`);
      await fillStepOne(page, 'Maya Chen', 'maya@example.com');
      await savedOnline(page);
      // The service worker has cached the app shell.
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });

      // No connection at all: setOffline does not cover the worker's own requests, so the server stops too.
      await server.stop();
      await context.setOffline(true);
      await expect(header(page).getByText('Offline: saved on this device')).toBeVisible();
      await fullName(page).fill('Maya Chen-Okafor');
      await email(page).fill('maya.okafor@example.com');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByLabel('GPA (optional)').fill('3.92');
      await expect(page.getByRole('alert')).toHaveCount(0); // offline is not a failed save: nothing was tried

      await page.reload();
      await expect(page.getByRole('heading', { name: /Step 2 of 5/ })).toBeVisible();
      await expect(page.getByLabel('GPA (optional)')).toHaveValue('3.92');
      await expect(header(page).getByText('Offline: saved on this device')).toBeVisible();
      await page.getByRole('button', { name: 'Back', exact: true }).click();
      await expect(fullName(page)).toHaveValue('Maya Chen-Okafor');
      await expect(email(page)).toHaveValue('maya.okafor@example.com');

      await server.start();
      await context.setOffline(false);
      const online = Date.now();
      await expect.poll(async () => (await serverDocument(page.request, server.url))?.academics.gpa, {
        timeout: 2000, intervals: [100],
      }).toBe('3.92');
      expect(Date.now() - online).toBeLessThan(2000);
      const saved = await serverDocument(page.request, server.url);
      expect(saved?.basicInfo).toEqual({ fullName: 'Maya Chen-Okafor', email: 'maya.okafor@example.com' });
      await savedOnline(page);
    });
});
