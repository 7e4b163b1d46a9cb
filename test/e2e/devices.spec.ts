import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { press } from './essayFlow.ts';
import type { Browser, Page } from '@playwright/test';
import { arriveAt, expect, test } from './support/seededStudent.ts';
import { reopenedAsVisitor } from './support/signedOutDevice.ts';

/**
 * A cookie from before per-device sessions for `uid`, signed as the server signs its cookies (HMAC-SHA256, base64
 * without padding) with the secret the journeys' server keeps in its data directory: how a second browser of
 * the same student exists until pairing does.
 */
function earlierCookie(uid: string): string {
  const secret = readFileSync(join(process.env.E2E_DATA_DIR ?? '', 'cookie-secret'), 'utf8').trim();
  return `${uid}.${createHmac('sha256', secret).update(uid).digest('base64').replace(/=+$/, '')}`;
}

/**
 * Device B: the same student in another browser, opening the questionnaire from the server's copy. Its storage
 * is empty: a context made in a test would otherwise start from the seeded device copy, show the answers before
 * its first call and be closed before it ever reached the server.
 */
async function openDeviceB(page: Page, browser: Browser, baseURL: string | undefined, uid: string) {
  const other = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined, storageState: { cookies: [], origins: [] } });
  await other.addCookies([{ name: 'sid', value: earlierCookie(uid), url: baseURL ?? '' }]);
  const deviceB = await other.newPage();
  await deviceB.goto('/form');
  return { other, deviceB };
}

test.describe('a student’s devices @mobile', () => {
  test.use({ seed: 'questionnaire' });

  test('device A signs device B out from its list: B, reloaded, holds nothing of the student’s and is a new visitor', async ({ page, browser, baseURL }) => {
    test.setTimeout(90_000);
    await arriveAt(page, 'questionnaire');
    const { uid } = await page.evaluate(async () => (await (await fetch('/api/session', { method: 'POST' })).json()) as { uid: string });

    // Device B: the same student in another browser.
    const { other, deviceB } = await openDeviceB(page, browser, baseURL, uid);
    await expect(deviceB.getByLabel(/Full name/i)).toHaveValue('Maya Okafor');

    // B's tab is closed (a page left open learns it at its next call, and restarts the same way).
    await deviceB.close();

    // Device A lists both and signs B out.
    await page.goto('/form');
    const devices = page.getByRole('region', { name: 'Your devices' });
    await press(devices.getByText('Show the browsers signed in to your work'));
    const rowB = devices.getByRole('listitem', { name: 'Earlier sessions' });
    await expect(rowB).toBeVisible();
    await expect(devices.getByRole('listitem')).toHaveCount(2);
    expect((await new AxeBuilder({ page }).include('.devices-panel').analyze()).violations).toEqual([]);
    await press(rowB.getByRole('button', { name: 'Sign out' }));
    await expect(devices.getByRole('listitem')).toHaveCount(1);

    // B, opened again: its first call is refused, it erases its copy and starts again at / as a visitor.
    const reopened = await reopenedAsVisitor(other, ['Maya']);
    await expect(reopened.getByText(/robot finally lifted/)).toHaveCount(0);
    await other.close();
  });

  test('B, reloaded while it erases its copy, comes back a new visitor holding nothing, and sends nothing of the student’s', async ({ page, browser, baseURL }) => {
    test.setTimeout(90_000);
    await arriveAt(page, 'questionnaire');
    const { uid } = await page.evaluate(async () => (await (await fetch('/api/session', { method: 'POST' })).json()) as { uid: string });
    const { other, deviceB } = await openDeviceB(page, browser, baseURL, uid);
    const fullName = deviceB.getByLabel(/Full name/i);
    await expect(fullName).toHaveValue('Maya Okafor');
    await expect.poll(() => deviceB.evaluate(async () => (await indexedDB.databases()).map(({ name }) => name))).toContain('essay-studio');

    // Another tab of B's browser holds the device copy's database open and ignores requests to close it, as a
    // busy tab may: the browser then keeps the deletion waiting, and B's erasure stays in its middle.
    const holder = await other.newPage();
    await holder.goto('/robots.txt');
    await holder.evaluate(() => new Promise<void>((resolve) => {
      const request = indexedDB.open('essay-studio');
      request.onsuccess = () => {
        (window as unknown as { held: IDBDatabase }).held = request.result;
        resolve();
      };
    }));

    // A signs B out; B, still open, learns it from its next save and starts erasing.
    await page.goto('/form');
    const devices = page.getByRole('region', { name: 'Your devices' });
    await press(devices.getByText('Show the browsers signed in to your work'));
    await press(devices.getByRole('listitem', { name: 'Earlier sessions' }).getByRole('button', { name: 'Sign out' }));
    await expect(devices.getByRole('listitem')).toHaveCount(1);
    await fullName.fill('Maya Okafor B');
    await expect.poll(() => deviceB.evaluate(() => localStorage.getItem('essay-studio:erasing')), { timeout: 15_000 }).toBe('all');
    expect(await deviceB.evaluate(async () => (await indexedDB.databases()).map(({ name }) => name))).toContain('essay-studio');

    // Reloaded in the middle of it: the page finishes the erasure before it reads anything back.
    const sent: string[] = [];
    deviceB.on('request', (request) => {
      if (request.url().includes('/api/')) sent.push(`${request.method()} ${request.url()} ${request.postData() ?? ''}`);
    });
    await deviceB.reload({ waitUntil: 'domcontentloaded' });
    await deviceB.waitForTimeout(1_000);
    await expect(fullName).not.toHaveValue(/Maya/);
    await holder.close();
    await deviceB.goto('/form');
    await expect(fullName).toBeEnabled();
    await expect(fullName).toHaveValue('');
    await expect.poll(() => deviceB.evaluate(() => localStorage.getItem('essay-studio:erasing'))).toBeNull();
    const kept = await deviceB.evaluate(async () => {
      const names = (await indexedDB.databases()).map(({ name }) => name);
      return JSON.stringify({ names, local: { ...localStorage }, session: { ...sessionStorage }, caches: await caches.keys() });
    });
    expect(kept).not.toContain('Maya');
    // B is a new visitor, and the server holds nothing of the student's under B's new session.
    const remote = await deviceB.evaluate(async () => {
      const { uid } = (await (await fetch('/api/session', { method: 'POST' })).json()) as { uid: string };
      return { uid, form: await (await fetch('/api/forms/me')).text() };
    });
    expect(remote.uid).not.toBe(uid);
    expect(remote.form).not.toContain('Maya');
    expect(sent.join('\n')).not.toContain('Maya');
    await other.close();
  });

  test('Sign out of this device: the browser keeps nothing and the back button shows nothing', async ({ page }) => {
    await arriveAt(page, 'questionnaire');
    await page.goto('/form');
    await press(page.getByRole('button', { name: 'Sign out of this device' }));
    await expect(page).toHaveURL(/\/$/);
    await page.goBack();
    await expect(page.getByLabel(/Full name/i)).toHaveValue('');
    const kept = await page.evaluate(() => JSON.stringify(localStorage) + JSON.stringify(sessionStorage));
    expect(kept).not.toContain('Maya');
  });
});
