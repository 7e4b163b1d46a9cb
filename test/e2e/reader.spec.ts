// The reader's page: a counsellor opens a shared draft in a fresh browser and comments on its words. The student's
// side is made over HTTP (a session and a share), as the student's page would; the reader's side is the page.
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/seededStudent.ts';

const DRAFT = 'The summer I turned sixteen, my grandmother taught me to fish. We sat on the dock for hours.\n\n'
  + 'She never said much, but she taught me that patience is a kind of listening.';

/** A student with a session shares a version; answers the link and the share's id. */
async function shareDraft(request: APIRequestContext, baseURL: string): Promise<{ url: string; id: string }> {
  const headers = { origin: baseURL };
  expect((await request.post('/api/session', { headers })).status()).toBe(200);
  const shared = await request.post('/api/shares', {
    headers,
    data: { essayKey: 'personal', versionId: 'reader-journey-1', text: DRAFT, title: 'Share an essay on any topic of your choice.', readerName: 'Ms. Álvarez', expiresInDays: 7 },
  });
  expect(shared.status(), await shared.text()).toBe(201);
  return await shared.json() as { url: string; id: string };
}

async function expectNothingOfTheApp(page: Page): Promise<void> {
  const cookies = await page.context().cookies();
  expect(cookies.map((cookie) => cookie.name)).not.toContain('sid');
  expect(cookies.every((cookie) => cookie.name.startsWith('rs_') && cookie.path.startsWith('/api/read/'))).toBe(true);
  expect(await page.evaluate(async () => (await indexedDB.databases()).map((database) => database.name))).toEqual([]);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
}

test.describe('the reader’s page @mobile', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a reader opens the link in a fresh browser and comments on a sentence, on words and in general', async ({ page, request, baseURL }) => {
    const { url } = await shareDraft(request, baseURL!);
    // Every URL the browser asks for, with the Referer it sends and every header the answers carry.
    const calls: string[] = [];
    page.on('request', (sent) => calls.push(`${sent.url()} ${sent.headers().referer ?? ''}`));
    page.on('response', (answer) => calls.push(JSON.stringify(answer.headers())));
    const response = await page.goto(url);
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow, noarchive');
    expect(response?.headers()['cache-control']).toBe('no-store');
    expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");

    await expect(page.getByRole('heading', { level: 1, name: 'A draft shared with you' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Prompt' })).toHaveText('Share an essay on any topic of your choice.');
    await expect(page.getByRole('article', { name: 'The draft' })).toContainText('patience is a kind of listening');
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    // Nothing wider than the screen (at 375 px too).
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // A sentence, by keyboard: Tab reaches each sentence's button in reading order, and Enter opens the form.
    const sentence = page.getByRole('button', { name: 'Comment on this sentence: We sat on the dock for hours.' });
    const focusedName = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent);
    const reached: (string | null | undefined)[] = [];
    for (let step = 0; step < 3; step += 1) {
      await page.keyboard.press('Tab');
      reached.push(await focusedName());
    }
    // "Add comment" waits, disabled, for words to be selected.
    expect(reached).toEqual([
      'General comment',
      'Comment on this sentence: The summer I turned sixteen, my grandmother taught me to fish.',
      'Comment on this sentence: We sat on the dock for hours.',
    ]);
    await expect(sentence).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('textbox', { name: 'Your comment' })).toBeFocused();
    await expect(page.getByRole('form', { name: 'New comment' }).locator('blockquote')).toHaveText('We sat on the dock for hours.');
    await page.keyboard.type('Which dock? Say where.');
    await page.getByRole('button', { name: 'Save comment' }).click();
    const mine = page.getByRole('region', { name: 'Your comments' }).getByRole('listitem');
    await expect(mine).toHaveCount(1);
    await expect(mine.first()).toContainText('We sat on the dock for hours.');

    // Words selected in the text.
    await page.getByRole('article', { name: 'The draft' }).evaluate((article) => {
      const node = [...article.querySelectorAll('span')].find((span) => span.textContent?.includes('patience'))!.firstChild!;
      const at = node.textContent!.indexOf('patience is a kind of listening');
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + 'patience is a kind of listening'.length);
      getSelection()!.removeAllRanges();
      getSelection()!.addRange(range);
    });
    await page.getByRole('button', { name: 'Add comment' }).click();
    await page.getByRole('textbox', { name: 'Your comment' }).fill('Lovely: keep this.');
    await page.getByRole('button', { name: 'Save comment' }).click();
    await expect(mine).toHaveCount(2);
    await expect(mine.nth(1).locator('blockquote')).toHaveText('patience is a kind of listening');

    await page.getByRole('button', { name: 'General comment' }).click();
    await page.getByRole('textbox', { name: 'Your comment' }).fill('A strong draft. The ending could say more about what changed.');
    await page.getByRole('button', { name: 'Save comment' }).click();
    await expect(mine).toHaveCount(3);
    await expect(mine.nth(2)).toContainText('General comment');

    // Edit and delete their own.
    await mine.nth(1).getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Edit your comment').fill('Lovely: keep this line as it is.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(mine.nth(1)).toContainText('Lovely: keep this line as it is.');
    await mine.nth(0).getByRole('button', { name: 'Delete' }).click();
    await expect(mine).toHaveCount(2);

    // A reload reads the same comments back from the server.
    await page.reload();
    await expect(mine).toHaveCount(2);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    await expectNothingOfTheApp(page);
    const token = url.replace('/read#', '');
    expect(calls.filter((called) => called.includes(token))).toEqual([]);
    expect(calls.some((called) => called.includes('/api/session'))).toBe(false);
  });

  test('a stopped, an unknown and an empty link each say so', async ({ page, request, baseURL }) => {
    const { url, id } = await shareDraft(request, baseURL!);
    await page.goto('/read#not-a-real-token');
    await expect(page.getByRole('alert')).toHaveText('This link does not work.');
    await page.goto('/read');
    await expect(page.getByRole('alert')).toHaveText('This link does not work.');

    expect((await request.delete(`/api/shares/${id}`, { headers: { origin: baseURL! } })).status()).toBe(200);
    await page.goto(url);
    await page.reload();
    await expect(page.getByRole('alert')).toHaveText('The student stopped sharing this link.');
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await expectNothingOfTheApp(page);
  });
});
