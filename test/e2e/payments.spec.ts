// Purchase journeys on the default configuration (the local test checkout), from /result as a student meets
// it: the free notice and the checkout panel where the essay would be.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { expectEssayGenerated, press, reachFreeResult } from './essayFlow.ts';

test.describe('payments @mobile', () => {
  test('/thank-you without a session id shows the error at once', async ({ page }) => {
    await page.goto('/thank-you');
    await expect(page.getByRole('heading', { name: 'We couldn’t verify your payment' })).toBeVisible();
    await expect(page.getByText('Please refresh this page or contact support.')).toBeVisible();
  });

  test('a free student at /result upgrades in a new tab, pays on the test checkout, and the first tab turns Paid and writes the essay', async ({ page, context }, testInfo) => {
    test.setTimeout(120_000);
    await reachFreeResult(page, `upgrade.${testInfo.project.name}@example.com`);
    const header = page.getByRole('banner');
    const panel = page.getByRole('region', { name: 'Get full access' });
    const upgrade = panel.getByRole('link', { name: /Upgrade/ });
    await expect(upgrade).toHaveAttribute('target', '_blank');
    const [checkout] = await Promise.all([context.waitForEvent('page'), press(upgrade)]);
    await expect(checkout.getByText(/no card is charged/)).toBeVisible();
    await expect(checkout.getByText('$49', { exact: false }).first()).toBeVisible();
    expect((await new AxeBuilder({ page: checkout }).analyze()).violations.map((violation) => violation.id)).toEqual([]);
    await checkout.getByRole('button', { name: /Pay/ }).click();
    await expect(checkout).toHaveURL(/\/thank-you\?session_id=cs_local_/);
    await expect(checkout.getByRole('heading', { name: 'All set!' })).toBeVisible();
    await expect(checkout.getByText('Your access has been activated on this browser.')).toBeVisible();
    await expect(checkout.getByRole('link', { name: 'Start Writing' })).toHaveAttribute('href', '/form');

    // Back in the first tab: coming back to it refetches the plan.
    await page.bringToFront();
    await page.evaluate(() => {
      window.dispatchEvent(new Event('focus'));
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect(header.getByText('Paid', { exact: true })).toBeVisible();
    await expect(header.getByRole('link', { name: /Upgrade/ })).toHaveCount(0);
    await expect(panel).toHaveCount(0);
    await expectEssayGenerated(page);
  });

  test('a student gets a code from the landing popup, applies it at /result, pays $29, is Paid and gets the essay', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    // One e-mail per project: a code is per e-mail and single-use, and the projects run side by side.
    const email = `maya.${testInfo.project.name}@example.com`;
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'Save More Than 40%' });
    // The pre-rendered button comes alive once the page hydrates, just after the first paint, and the popup's
    // chunk loads on the first click. Click again only while no dialog is open: once it is, its backdrop
    // covers the button and a second click would wait for the test's whole timeout.
    await expect(async () => {
      if (!(await dialog.isVisible())) await page.getByRole('button', { name: 'Save More Than 40% - Get Deal' }).first().click({ timeout: 2000 });
      await expect(dialog).toBeVisible({ timeout: 3000 });
    }).toPass();
    expect(await page.evaluate(() => sessionStorage.getItem('landing_page_discount_shown'))).toBe('true');
    await dialog.getByLabel('Your e-mail').fill(email);
    await dialog.getByRole('button', { name: 'Get My Code' }).click();
    const code = (await dialog.getByText(/^LAUNCH2024-[A-Z0-9]{6}$/).textContent()) ?? '';
    expect(code).toMatch(/^LAUNCH2024-[A-Z0-9]{6}$/);

    await reachFreeResult(page, email);
    const panel = page.getByRole('region', { name: 'Get full access' });
    const field = panel.getByLabel('Discount code');
    // The code this browser received is filled in and applied by itself (SPEC: a stored code is reused).
    await expect(field).toHaveValue(code);
    await expect(panel.getByRole('button', { name: 'Applied' })).toBeDisabled();
    await expect(panel.getByText('$29', { exact: false }).first()).toBeVisible();

    await press(panel.getByRole('button', { name: 'Pay $29 with your code' }));
    await expect(page.getByText(/no card is charged/)).toBeVisible();
    await page.getByRole('button', { name: 'Pay $29 (test)' }).click();
    await expect(page).toHaveURL(/\/thank-you\?session_id=cs_local_/);
    await expect(page.getByRole('heading', { name: 'All set!' })).toBeVisible();
    await page.getByRole('link', { name: 'Start Writing' }).click();
    await expect(page.getByRole('banner').getByText('Paid', { exact: true })).toBeVisible();

    // The questionnaire and follow-up answers are still this browser's: /result writes the essay now.
    await page.goto('/result');
    await expect(page.getByRole('banner').getByText('Paid', { exact: true })).toBeVisible();
    await expectEssayGenerated(page);
  });
});
