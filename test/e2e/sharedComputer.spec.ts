// A student on a shared computer (a school library's): the box ticked on /, the answers kept only in the tab
// (a reload loses nothing), then Sign out, after which the browser holds nothing of theirs in IndexedDB,
// localStorage, sessionStorage or Cache Storage, and the back button shows nothing of theirs.
import AxeBuilder from '@axe-core/playwright';
import { openHeaderMenu, press } from './essayFlow.ts';
import { browserStorage } from './support/browserStorage.ts';
import { expect, expectSavedOnline, test } from './support/seededStudent.ts';

const NAME = 'Maya Okafor';
const EMAIL = 'maya.shared@example.com';

test.describe('a shared computer @mobile', () => {
  // The worker is allowed here (the journeys block it by default): on a shared computer the app registers none,
  // so Cache Storage stays empty after Sign out because nothing put the student's pages there.
  test.use({ serviceWorkers: 'allow' });

  test('tick the box, fill answers, reload, Sign out: nothing of the student’s is left, and back shows nothing', async ({ page, request }) => {
    test.setTimeout(90_000);
    await page.goto('/');
    // What an earlier visitor of this browser left behind goes the moment the box is ticked.
    await page.evaluate(async () => {
      localStorage.setItem('left-behind', 'an earlier visitor');
      await (await caches.open('left-behind')).put('/left-behind', new Response('an earlier visitor'));
    });
    const box = page.getByRole('checkbox', { name: 'This is a shared computer' });
    expect((await new AxeBuilder({ page }).include('.shared-computer').analyze()).violations).toEqual([]);
    await press(box, 'check');
    await expect(box).toBeEnabled();
    await expect.poll(async () => (await browserStorage(page)).local).toBe('{}');
    expect((await browserStorage(page)).cached).toBe(0);

    // The questionnaire's first screen shows the answer; the server is told this session is a shared computer's.
    const marked = page.waitForRequest((request) => request.method() === 'PUT' && request.url().endsWith('/api/session/shared'));
    await press(page.getByRole('link', { name: 'Start Your Essay' }));
    await expect(page).toHaveURL(/\/form$/);
    await expect(page.getByRole('checkbox', { name: 'This is a shared computer' })).toBeChecked();
    expect((await marked).postDataJSON()).toEqual({ shared: true });
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    await page.getByLabel(/Full name/i).fill(NAME);
    await page.getByLabel(/E-?mail/i).fill(EMAIL);
    await expectSavedOnline(page);
    const typed = await browserStorage(page);
    expect(typed.session).toContain(NAME);
    expect(typed.indexedDB).not.toContain(NAME);
    expect(typed.local).not.toContain(NAME);

    // A reload loses nothing: the copy is in the tab.
    await page.reload();
    await expect(page.getByLabel(/Full name/i)).toHaveValue(NAME);
    await expect(page.getByLabel(/E-?mail/i)).toHaveValue(EMAIL);
    await expect(page.getByRole('checkbox', { name: 'This is a shared computer' })).toBeChecked();

    // The landing page and the questionnaire again, as whole pages: the back button has a page of theirs to return to.
    await page.goto('/');
    await press(page.getByRole('link', { name: 'Start Your Essay' }));
    await expect(page.getByLabel(/Full name/i)).toHaveValue(NAME);

    // Sign out, in the header (its menu on a phone), asks first, then ends the session and clears the page.
    const sessionCookie = (await page.context().cookies()).find((cookie) => cookie.name === 'sid')?.value ?? '';
    expect(sessionCookie).not.toBe('');
    await openHeaderMenu(page);
    await press(page.getByRole('banner').getByRole('button', { name: 'Sign out' }));
    const dialog = page.getByRole('dialog', { name: 'Sign out of this shared computer' });
    expect((await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations).toEqual([]);
    const ended = page.waitForResponse((response) => response.request().method() === 'DELETE' && response.url().endsWith('/api/session'));
    await press(dialog.getByRole('button', { name: 'Sign out' }));
    expect((await ended).status()).toBe(204);
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('checkbox', { name: 'This is a shared computer' })).not.toBeChecked();

    const left = await browserStorage(page);
    for (const kept of [left.indexedDB, left.local, left.session]) {
      expect(kept).not.toContain(NAME);
      expect(kept).not.toContain(EMAIL);
    }
    expect(left.cached).toBe(0);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
    // The server ended the session: its cookie opens nothing (the page at / is a new visitor's).
    const afterwards = await request.get('/api/forms/me', { headers: { cookie: `sid=${sessionCookie}` } });
    expect(afterwards.status()).toBe(401);
    expect(await afterwards.json()).toMatchObject({ code: 'signed_out' });

    // Back, twice: Sign out replaced the questionnaire's entry; before it, the landing page, then the questionnaire
    // the student had open, which shows nothing of theirs either (from the page cache or loaded anew).
    for (const step of ['/', '/form']) {
      await page.goBack();
      await expect(page).toHaveURL(new RegExp(`${step}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      for (const text of [NAME, EMAIL]) await expect(page.getByText(text)).toHaveCount(0);
      for (const field of await page.getByRole('textbox').all()) await expect(field).toHaveValue('');
      expect((await browserStorage(page)).session).not.toContain(NAME);
    }
  });
});
