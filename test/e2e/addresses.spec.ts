// The addresses a student may type for the app on their own computer. With PUBLIC_URL unset, 127.0.0.1 and
// [::1] work as well as localhost, all the way through a purchase on the test checkout (the checkout returns
// to the address in use, where the session cookie is). Opened at an address the server is not set up for,
// the app says which address to open instead of failing to load.
import type { Page } from '@playwright/test';
import { expect, test } from './support/seededStudent.ts';
import { ownServer, type OwnServer } from './support/ownServer.ts';

async function buyOnTestCheckout(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/form`);
  const header = page.getByRole('banner');
  await expect(header.getByText('Free', { exact: true })).toBeVisible();
  const [checkout] = await Promise.all([page.context().waitForEvent('page'), header.getByRole('button', { name: /Upgrade/ }).click()]);
  await expect(checkout.getByText(/no card is charged/)).toBeVisible();
  expect(new URL(checkout.url()).origin).toBe(origin);
  await checkout.getByRole('button', { name: /Pay/ }).click();
  await expect(checkout).toHaveURL(new RegExp(`^${origin.replace(/[.[\]]/g, '\\$&')}/thank-you\\?session_id=cs_local_`));
  await expect(checkout.getByRole('heading', { name: 'All set!' })).toBeVisible();
  await page.bringToFront();
  await page.reload();
  await expect(header.getByText('Paid', { exact: true })).toBeVisible();
}

test.describe('local addresses', () => {
  test.describe.configure({ mode: 'serial' });
  let server: OwnServer;
  let port: string;

  test.beforeAll(async () => {
    // The defaults `npm start` runs with: PUBLIC_URL unset, listening on every address, production.
    server = await ownServer({ env: { PUBLIC_URL: '', HOST: '', NODE_ENV: '' } });
    await server.start();
    port = new URL(server.url).port;
  });

  test.afterAll(async () => {
    await server.dispose();
  });

  test('the app opened at 127.0.0.1 works through a purchase', async ({ page }) => {
    test.setTimeout(60_000);
    await buyOnTestCheckout(page, `http://127.0.0.1:${port}`);
  });

  test('the app opened at [::1] works through a purchase', async ({ page }) => {
    test.setTimeout(60_000);
    await buyOnTestCheckout(page, `http://[::1]:${port}`);
  });
});

test.describe('an address the server is not set up for', () => {
  let server: OwnServer;

  test.afterEach(async () => {
    await server.dispose();
  });

  test('the page names the address to open instead of failing to load', async ({ page }) => {
    server = await ownServer({ env: { PUBLIC_URL: 'http://localhost:9' } });
    await server.start();
    await page.goto(`${server.url}/form`);
    const notice = page.getByRole('alert').filter({ hasText: 'Essay Studio is not at this address' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(`This page is open at ${server.url}, but Essay Studio runs at http://localhost:9.`);
    await expect(notice).toContainText('Please open http://localhost:9 instead.');
    await expect(page.getByText('Failed to load your saved data. Please try refreshing the page.')).toHaveCount(0);
  });
});
