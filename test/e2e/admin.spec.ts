import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/seededStudent.ts';
import { E2E_ADMIN_TOKEN } from './support/serverEnv.ts';
import { completeQuestionnaire } from './support/journey.ts';
import { expectEssayGenerated, press, reachFreeResult } from './essayFlow.ts';

const signIn = async (page: Page, token = E2E_ADMIN_TOKEN) => {
  await page.goto('/admin');
  await page.getByLabel('Admin token').fill(token);
  await page.getByRole('button', { name: 'Open dashboard' }).click();
};

/** The users the funnel chart shows for a step, read from its text alternative. */
const funnelUsers = async (page: Page, label: string) => {
  const title = await page.locator('#funnel-title').textContent();
  return Number(new RegExp(`${label}: (\\d+)`).exec(title ?? '')?.[1] ?? -1);
};

test.describe('operator dashboard', () => {
  // A wrong token is refused by the server, whatever the width.
  test('asks for the token and refuses a wrong one', async ({ page }) => {
    await signIn(page, 'wrong-token-0123456789');
    await expect(page.getByRole('alert')).toContainText('A valid admin token is required');
    await expect(page.getByLabel('Admin token')).toBeVisible();
  });

  test('after a student journey, shows it in the funnel and the feedback in the inbox; exports CSV @mobile', async ({ page, browser }) => {
    const student = await browser.newPage();
    await completeQuestionnaire(student, 'Funnel Student');
    const message = `Journey feedback ${Date.now()}, with "quotes"`;
    await student.getByRole('button', { name: 'Feedback' }).click();
    await student.getByRole('dialog').getByLabel(/Your feedback/).fill(message);
    await student.getByRole('dialog').getByRole('button', { name: 'Send feedback' }).click();
    await expect(student.getByText('Thank you for your feedback!')).toBeVisible();
    // The student's tab stays open: its events leave in the next batch, a couple of seconds later.

    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Funnel' })).toBeVisible();
    await expect.poll(async () => {
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Funnel' })).toBeVisible();
      return funnelUsers(page, 'Form completed');
    }, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    expect(await funnelUsers(page, 'Visitors')).toBeGreaterThanOrEqual(1);
    await expect(page.getByText(message)).toBeVisible();
    await page.getByRole('combobox', { name: /^Type/ }).selectOption('bug');
    await expect(page.getByText(message)).toBeHidden();

    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download feedback CSV' }).click();
    const file = await (await download).path();
    expect(readFileSync(file, 'utf8')).toContain(message.replace(/"/g, '""'));
    await student.close();
  });
});

// Counted on the server from every student's events: the phone's run would repeat what the laptop's proves
// (the dashboard at a phone's width is checked above).
test.describe('operator dashboard, the funnel through a purchase', () => {
  test('after a full student journey with a purchase, the funnel shows every step through the purchase', async ({ page, browser }, testInfo) => {
    test.setTimeout(120_000);
    const student = await browser.newPage();
    await reachFreeResult(student, `funnel.${testInfo.project.name}@example.com`);
    const [checkout] = await Promise.all([
      student.context().waitForEvent('page'),
      press(student.getByRole('region', { name: 'Get full access' }).getByRole('button', { name: /Upgrade/ })),
    ]);
    await checkout.getByRole('button', { name: /Pay/ }).click();
    await expect(checkout.getByRole('heading', { name: 'All set!' })).toBeVisible();
    await student.bringToFront();
    await student.evaluate(() => window.dispatchEvent(new Event('focus')));
    await expect(student.getByRole('banner').getByText('Paid', { exact: true })).toBeVisible();
    await expectEssayGenerated(student);
    // The student's tabs stay open: their events leave in the next batch.

    await signIn(page);
    await expect(page.getByRole('heading', { name: 'Funnel' })).toBeVisible();
    await expect.poll(async () => {
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Funnel' })).toBeVisible();
      return funnelUsers(page, 'Essay');
    }, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    // The purchase reaches the funnel from the server's own record of the payment, not from the browser.
    for (const step of ['Form completed', 'Topics', 'Follow-up', 'Purchase']) {
      expect(await funnelUsers(page, step), step).toBeGreaterThanOrEqual(1);
    }
    await student.context().close();
  });
});
