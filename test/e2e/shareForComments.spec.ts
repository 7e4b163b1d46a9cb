// The student shares the version shown from the essay page; a reader opens the link in a browser of their own;
// "Stop sharing" ends it, and the reader's page says so. Offline, the button waits for a connection.
import AxeBuilder from '@axe-core/playwright';
import { expectEssayGenerated, grantPaid, press } from './essayFlow.ts';
import { arriveAt, expect, test } from './support/seededStudent.ts';

test.describe('Share for comments', () => {
  test.use({ seed: 'freeResult' });

  test('the student shares the version shown, a reader opens it, and Stop sharing ends it @mobile', async ({ page, request, browser }) => {
    test.setTimeout(90_000);
    await arriveAt(page, 'freeResult');
    await grantPaid(page, request);
    await expectEssayGenerated(page);

    const panel = page.getByRole('region', { name: 'Share for comments' });
    await page.context().setOffline(true);
    await expect(panel.getByRole('button', { name: 'Connect to share' })).toBeDisabled();
    await page.context().setOffline(false);

    // By keyboard: the button opens the form, the name is typed, the default week kept, Enter sends it.
    await panel.getByRole('button', { name: 'Share for comments' }).focus();
    await page.keyboard.press('Enter');
    const form = panel.getByRole('form', { name: 'Share this version' });
    await expect(form.getByRole('spinbutton', { name: 'Link expires after (days)' })).toHaveValue('7');
    await form.getByRole('textbox', { name: 'Reader\'s name (optional)' }).fill('Ms. Álvarez');
    await press(form.getByRole('button', { name: 'Create link' }));
    const link = panel.getByRole('textbox', { name: 'Link for your reader' });
    await expect(link).toHaveValue(/^http:\/\/[^/]+\/read#[A-Za-z0-9_.-]+$/);
    await expect(link).toBeFocused();
    const url = await link.inputValue();
    const listed = panel.getByRole('listitem').filter({ hasText: 'Ms. Álvarez' });
    await expect(listed).toContainText('Live');
    await expect(listed).toContainText('0 comments');
    expect((await new AxeBuilder({ page }).include('.share-panel').analyze()).violations).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    const readerContext = await browser.newContext();
    try {
      const reader = await readerContext.newPage();
      await reader.goto(url);
      await expect(reader.getByRole('heading', { level: 1, name: 'A draft shared with you' })).toBeVisible();
      await expect(reader.getByRole('article', { name: 'The draft' })).toBeVisible();

      await press(listed.getByRole('button', { name: 'Stop sharing' }));
      await expect(listed).toContainText('Stopped');
      await expect(listed.getByRole('button', { name: 'Stop sharing' })).toHaveCount(0);

      await reader.reload();
      await expect(reader.getByRole('alert')).toHaveText('The student stopped sharing this link.');
    } finally {
      await readerContext.close();
    }
  });
});
