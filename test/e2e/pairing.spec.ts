// Pairing a second browser with a student's work, laptop and 375 px: device B asks to continue and shows a
// code with its QR code; device A opens the QR link, sees B's label and the warning, and approves; B says
// whose work it opens, takes it on Continue and shows A's answers through the sync; A signs B out; B,
// opened again, is a visitor holding nothing of the student's.
import AxeBuilder from '@axe-core/playwright';
import { press } from './essayFlow.ts';
import { arriveAt, expect, test } from './support/seededStudent.ts';

const WARNING = 'Only approve a code shown on a screen in front of you. Anyone you give this code to can read and change all your work.';

test.describe('pairing a device @mobile', () => {
  test.use({ seed: 'questionnaire' });

  test('B asks, A approves B’s code, B confirms and shows A’s answers; A signs B out and B, opened again, is a visitor', async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    await arriveAt(page, 'questionnaire');

    // Device B: a browser of its own with nothing stored, from the landing page.
    const other = await browser.newContext({ baseURL, viewport: page.viewportSize() ?? undefined, storageState: { cookies: [], origins: [] } });
    const deviceB = await other.newPage();
    await deviceB.goto('/');
    await press(deviceB.getByRole('link', { name: 'Continue from another device' }));
    await expect(deviceB).toHaveURL(/\/continue$/);
    const code = deviceB.getByText(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
    await expect(code).toBeVisible();
    const userCode = (await code.textContent()) ?? '';
    await expect(deviceB.getByRole('img', { name: /QR code/ })).toBeVisible();
    await expect(deviceB.getByText(/expires at/)).toBeVisible();
    expect((await new AxeBuilder({ page: deviceB }).include('.pairing').analyze()).violations).toEqual([]);

    // Device A opens the QR code's link: the code is read from the fragment, and nothing is approved yet.
    await page.goto(`/add-device#code=${userCode}`);
    await expect(page.getByText(WARNING)).toBeVisible();
    await expect(page.getByLabel('Code shown on the new device')).toHaveValue(userCode);
    await expect(page.getByText(/New device:/)).toBeVisible();
    expect(page.url()).not.toContain(userCode);
    await expect(deviceB.getByText('Waiting for it to be approved…', { exact: false })).toBeVisible();
    expect((await new AxeBuilder({ page }).include('.add-device').analyze()).violations).toEqual([]);
    await press(page.getByRole('button', { name: 'Approve' }));
    await expect(page.getByText(/can now continue your work/)).toBeVisible();

    // B learns whose work it opens, and takes it only on Continue.
    await expect(deviceB.getByText(/This device will open Maya’s work, started/)).toBeVisible({ timeout: 15_000 });
    await press(deviceB.getByRole('button', { name: 'Continue' }));
    await expect(deviceB).toHaveURL(/\/form$/);
    await expect(deviceB.getByLabel(/Full name/i)).toHaveValue('Maya Okafor', { timeout: 15_000 });

    // B's tab is closed before A signs it out, as in devices.spec.ts: a tab left open learns it at its next
    // call and erases its copy then, and a reload in the middle of that erasure is another journey.
    await deviceB.close();

    // A lists B and signs it out.
    await page.goto('/form');
    const devices = page.getByRole('region', { name: 'Your devices' });
    await press(devices.getByText('Show the browsers signed in to your work'));
    await expect(devices.getByRole('listitem')).toHaveCount(2);
    const rowB = devices.getByRole('listitem').filter({ hasNotText: '(this device)' });
    await press(rowB.getByRole('button', { name: 'Sign out' }));
    await expect(devices.getByRole('listitem')).toHaveCount(1);

    // B, opened again: its first call is refused, it erases its copy and starts again at / as a visitor.
    const reopened = await other.newPage();
    await reopened.goto('/form');
    await expect(reopened).toHaveURL(/\/$/);
    await reopened.goto('/form');
    await expect(reopened.getByLabel(/Full name/i)).toHaveValue('');
    const kept = await reopened.evaluate(() => JSON.stringify(localStorage) + JSON.stringify(sessionStorage));
    expect(kept).not.toContain('Maya');
    await other.close();
  });
});
