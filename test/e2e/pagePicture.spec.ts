import { expect, test } from '@playwright/test';
import { fillProfile, press } from './essayFlow.ts';
import { pictureKept } from './support/pictures.ts';
import { PICTURE_KEY_PREFIX } from '../../src/app/frames/pagePictureFormat.ts';

const HAPPY = 'Tell us about something that made you really happy.';

test.describe('the page as the student left it, before any script @mobile', () => {
  // The worker would answer the script requests this journey refuses (its own journey is below).
  test.use({ serviceWorkers: 'block' });

  test('a returning student sees their own answers at first paint; the live page then takes over', async ({ page }) => {
    await fillProfile(page);
    await page.goto('/form');
    await expect(page.getByLabel(HAPPY)).toHaveValue(/robot finally lifted the cube/);
    await pictureKept(page, '/form');

    // No script arrives at all: what shows is only what the HTML and its inline lines paint.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload();
    const root = page.locator('#root[data-picture]');
    await expect(root).toBeVisible();
    await expect(root.locator('textarea', { hasText: 'robot finally lifted the cube' })).toBeDisabled();
    await expect(page.getByRole('status')).toHaveText('Loading your data...');
    // A picture, not the page: no field is offered by its label, so nothing can be typed into it.
    await expect(page.getByLabel(HAPPY)).toHaveCount(0);

    await page.unroute('**/assets/*.js');
    await page.reload();
    await expect(page.getByLabel(HAPPY)).toHaveValue(/robot finally lifted the cube/);
    await expect(page.getByLabel(HAPPY)).toBeEditable();
    await expect(page.locator('#root')).not.toHaveAttribute('data-picture');
  });

  test('nothing deleted comes back in the picture', async ({ page }) => {
    await fillProfile(page);
    await page.goto('/form');
    await pictureKept(page, '/form');
    await press(page.getByRole('button', { name: 'Delete my data' }));
    await page.getByRole('dialog', { name: 'Delete your data?' }).getByRole('button', { name: 'Delete my data' }).click();
    await expect(page.getByText(/Your data was deleted from this device and from the server/)).toBeVisible();
    await expect(page.getByLabel(/Full name/i)).toHaveValue('');

    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload();
    await expect(page.getByRole('status')).toHaveText('Loading your data...');
    await expect(page.locator('#root')).not.toContainText(/Maya|robot finally lifted the cube/);
  });
});

test.describe('the page as the student left it, from the installed app @mobile', () => {
  test('the service worker answers a route with its frame, which paints the picture', async ({ page }) => {
    await fillProfile(page);
    await page.goto('/form');
    await expect(page.getByLabel(HAPPY)).toHaveValue(/robot finally lifted the cube/);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await pictureKept(page, '/form');
    // Whether the picture was in place when the document was parsed (the app's scripts come after the paint).
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        sessionStorage.setItem('picture-at-parse', String(document.getElementById('root')?.hasAttribute('data-picture')));
      });
    });
    const response = await page.reload();
    expect(response?.fromServiceWorker()).toBe(true);
    expect(await response?.text()).toContain(PICTURE_KEY_PREFIX);
    await expect(page.getByLabel(HAPPY)).toHaveValue(/robot finally lifted the cube/);
    expect(await page.evaluate(() => sessionStorage.getItem('picture-at-parse'))).toBe('true');
  });
});
