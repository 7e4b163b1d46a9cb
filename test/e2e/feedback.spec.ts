import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { arriveAt, expect, test } from './support/seededStudent.ts';

const openFeedback = async (page: Page) => {
  await page.getByRole('button', { name: 'Feedback' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send us feedback' });
  await expect(dialog).toBeVisible();
  return dialog;
};

const countSubmissions = (page: Page) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/feedback/submit')) sent.push(request.postData() ?? '');
  });
  return sent;
};

// Tagged @mobile one by one: what the dialog does when the server cannot be reached is the same at any width.
test.describe('feedback', () => {
  // Maya's questionnaire filled, seeded: the three pages are /form, /essay-type (which needs the questionnaire) and a
  // missing page; what is tested is the button and its dialog, not the questionnaire.
  test.describe('@mobile', () => {
    test.use({ seed: 'questionnaire' });

    test('opens from the floating button on three different pages, and Escape gives focus back', async ({ page }) => {
      await page.goto('/no-such-page');
      for (const visit of [async () => page.goto('/form'), async () => arriveAt(page, 'questionnaire'), async () => page.goto('/no-such-page')]) {
        await visit();
        const dialog = await openFeedback(page);
        await expect(dialog.getByLabel('Type')).toBeFocused();
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
        await expect(page.getByRole('button', { name: 'Feedback' })).toBeFocused();
      }
    });
  });

  test('a blank message alerts and sends nothing; a real one thanks, closes after 3 s and resets @mobile', async ({ page }) => {
    const sent = countSubmissions(page);
    await page.goto('/form');
    let dialog = await openFeedback(page);
    await dialog.getByLabel(/Your feedback/).fill('   ');
    await dialog.getByRole('button', { name: 'Send feedback' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please enter your feedback');
    expect(sent).toEqual([]);

    expect((await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations).toEqual([]);
    await dialog.getByLabel('Type').selectOption('praise');
    await dialog.getByRole('radio', { name: '5 Excellent' }).check();
    await dialog.getByLabel(/Your feedback/).fill('The questionnaire was quick.');
    await dialog.getByRole('button', { name: 'Send feedback' }).click();
    await expect(page.getByText('Thank you for your feedback!')).toBeVisible();
    expect(JSON.parse(sent[0] ?? '{}')).toMatchObject({ type: 'praise', rating: 5, message: 'The questionnaire was quick.', email: null, page: 'form' });
    await expect(page.getByRole('dialog')).toBeHidden({ timeout: 4500 });
    await page.waitForTimeout(600);
    dialog = await openFeedback(page);
    await expect(dialog.getByLabel('Type')).toHaveValue('general');
    await expect(dialog.getByLabel(/Your feedback/)).toHaveValue('');
    await expect(dialog.getByRole('radio', { name: '5 Excellent' })).not.toBeChecked();
  });

  test('with the server unreachable it alerts and keeps the text, and the retry goes through', async ({ page, context }) => {
    await page.goto('/form');
    const dialog = await openFeedback(page);
    await dialog.getByLabel(/Your feedback/).fill('Sent from a train.');
    await context.setOffline(true);
    await dialog.getByRole('button', { name: 'Send feedback' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Failed to submit feedback. Please try again.');
    await expect(dialog.getByLabel(/Your feedback/)).toHaveValue('Sent from a train.');
    await context.setOffline(false);
    await dialog.getByRole('button', { name: 'Send feedback' }).click();
    await expect(page.getByText('Thank you for your feedback!')).toBeVisible();
  });
});
