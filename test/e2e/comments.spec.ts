// Two browsers: the student shares a version of their essay, a reader comments on a phrase and in general, and the
// student finds both beside the text, still on the phrase after editing around it, marked changed once the phrase
// is rewritten; replies (offline, sent when back online) and resolves; "Stop sharing" ends the reader's page.
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { expectEssayGenerated, grantPaid, press } from './essayFlow.ts';
import { arriveAt, expect, test } from './support/seededStudent.ts';

const SHARED = 'The summer I turned sixteen, my grandmother taught me to fish. We sat on the dock for hours.\n\n'
  + 'She never said much, but she taught me that patience is a kind of listening.';
const AROUND = 'I was not a patient child.\n\n'
  + 'Every morning that summer I turned sixteen, my grandmother taught me to fish. We sat on the dock for hours.\n\n'
  + 'She never said much, but she taught me that patience is a kind of listening. I still hear her.';
const REWRITTEN = AROUND.replace('on the dock for hours', 'at the end of the pier until dark');
const PHRASE = 'on the dock for hours';

async function writeEssay(page: Page, text: string): Promise<void> {
  await press(page.getByRole('button', { name: 'Edit Essay' }));
  await page.getByRole('textbox', { name: 'Edit your essay' }).fill(text);
  // Leaving the editor keeps the text as a version: the one a link shares.
  await press(page.getByRole('button', { name: 'Done Editing' }));
}

async function selectWords(article: Locator, words: string): Promise<void> {
  await article.evaluate((element, quote) => {
    const node = [...element.querySelectorAll('span')].find((span) => span.textContent?.includes(quote))!.firstChild!;
    const at = node.textContent!.indexOf(quote);
    const range = document.createRange();
    range.setStart(node, at);
    range.setEnd(node, at + quote.length);
    getSelection()!.removeAllRanges();
    getSelection()!.addRange(range);
  }, words);
}

test.describe('Comments beside the essay', () => {
  test.use({ seed: 'freeResult', actionTimeout: 15_000 });

  test('a reader comments on a phrase and in general; the student finds them, edits, replies, resolves and stops sharing @mobile', async ({ page, request, browser, isMobile }) => {
    test.setTimeout(150_000);
    await arriveAt(page, 'freeResult');
    await grantPaid(page, request);
    await expectEssayGenerated(page);
    await writeEssay(page, SHARED);

    const share = page.getByRole('region', { name: 'Share for comments' });
    await press(share.getByRole('button', { name: 'Share for comments' }));
    await share.getByRole('textbox', { name: 'Reader\'s name (optional)' }).fill('Ms. Álvarez');
    await press(share.getByRole('button', { name: 'Create link' }));
    const url = await share.getByRole('textbox', { name: 'Link for your reader' }).inputValue();

    const readerContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    try {
      const reader = await readerContext.newPage();
      await reader.goto(url);
      const draft = reader.getByRole('article', { name: 'The draft' });
      await expect(draft).toContainText('patience is a kind of listening');
      await selectWords(draft, PHRASE);
      await reader.getByRole('button', { name: 'Add comment' }).click();
      await reader.getByRole('textbox', { name: 'Your comment' }).fill('Which dock? Say where.');
      await reader.getByRole('button', { name: 'Save comment' }).click();
      const readerComments = reader.getByRole('region', { name: 'Your comments' }).getByRole('listitem');
      await expect(readerComments).toHaveCount(1);
      await reader.getByRole('button', { name: 'General comment' }).click();
      await reader.getByRole('textbox', { name: 'Your comment' }).fill('A strong draft. The ending could say more.');
      await reader.getByRole('button', { name: 'Save comment' }).click();
      await expect(readerComments).toHaveCount(2);

      // The student's page reads the comments as it opens: both beside the text.
      await page.reload();
      const panel = page.getByRole('region', { name: 'Comments from your readers' });
      const onPhrase = panel.getByRole('article', { name: `Ms. Álvarez, on “${PHRASE}”` });
      await expect(onPhrase).toHaveAccessibleDescription('Which dock? Say where.');
      const general = panel.getByRole('article', { name: 'Ms. Álvarez, a general comment' });
      await expect(general).toContainText('A strong draft. The ending could say more.');
      const row = panel.locator('.comments-row').filter({ has: page.getByRole('article', { name: `Ms. Álvarez, on “${PHRASE}”` }) });
      await expect(row.locator('mark')).toHaveText(PHRASE);
      // Beside its paragraph on a laptop, below it on a phone.
      const paragraph = (await row.locator('p.comments-row__text').boundingBox())!;
      const note = (await onPhrase.boundingBox())!;
      if (isMobile) expect(note.y).toBeGreaterThanOrEqual(paragraph.y + paragraph.height - 1);
      else expect(note.x).toBeGreaterThanOrEqual(paragraph.x + paragraph.width - 1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      // Edits around the phrase: the comment stays on it, reached with Tab after the essay's own buttons.
      await writeEssay(page, AROUND);
      await expect(row.locator('mark')).toHaveText(PHRASE);
      await expect(row).toContainText('Every morning that summer I turned sixteen');
      await page.getByRole('button', { name: 'Restore generated version' }).focus();
      await page.keyboard.press('Tab');
      await expect(onPhrase).toBeFocused();
      expect((await new AxeBuilder({ page }).include('.comments-panel').analyze()).violations).toEqual([]);

      // The phrase rewritten: the comment says so, on no other words.
      await writeEssay(page, REWRITTEN);
      const changed = panel.getByRole('article', { name: `Ms. Álvarez, on words you changed: “${PHRASE}”` });
      await expect(changed).toContainText('The words this was about were changed');
      await expect(panel.locator('mark')).toHaveCount(0);

      // A reply written offline waits on the device and goes when the browser is back.
      await page.context().setOffline(true);
      await press(changed.getByRole('button', { name: 'Reply' }));
      await changed.getByRole('textbox', { name: 'Your reply' }).fill('It was the pier at Lake Pleasant.');
      await press(changed.getByRole('button', { name: 'Send reply' }));
      const replies = changed.getByRole('list', { name: 'Your replies' });
      await expect(replies).toContainText('It was the pier at Lake Pleasant. (waiting to send)');
      await page.context().setOffline(false);
      await expect(replies).not.toContainText('waiting to send', { timeout: 15_000 });
      await press(general.getByRole('button', { name: 'Resolve' }));
      await expect(general).toContainText('Resolved');
      await expect(general.getByRole('button', { name: 'Reopen' })).toBeVisible();
      expect((await new AxeBuilder({ page }).include('.comments-panel').analyze()).violations).toEqual([]);

      // The reader sees the reply while the link lives.
      await reader.reload();
      await expect(readerComments.filter({ hasText: PHRASE })).toContainText('The student replied: It was the pier at Lake Pleasant.');

      // Resolved stays resolved on the server: a reload reads it back.
      await page.reload();
      await expect(general).toContainText('Resolved');

      const listed = share.getByRole('listitem').filter({ hasText: 'Ms. Álvarez' });
      await press(listed.getByRole('button', { name: 'Stop sharing' }));
      await expect(listed).toContainText('Stopped');
      await reader.reload();
      await expect(reader.getByRole('alert')).toHaveText('The student stopped sharing this link.');
    } finally {
      await readerContext.close();
    }
  });
});
