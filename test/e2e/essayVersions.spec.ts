import AxeBuilder from '@axe-core/playwright';
import { expectEssayGenerated, grantPaid, press, shownEssay } from './essayFlow.ts';
import { arriveAt, expect, test } from './support/seededStudent.ts';

// Tagged @mobile one by one: the list, comparison and restore at a phone's width are checked once, on the main
// essay; the supplementals' versions use the same list, and edits made offline reach the server by the sync,
// whatever the width.
test.describe('essay versions', () => {
  // From a free student at /result, seeded: what is tested is the essay's versions, not the questionnaire.
  test.use({ seed: 'freeResult' });

  test('generate, edit, regenerate: both earlier versions are listed, compared and restored @mobile', async ({ page, request }) => {
    test.setTimeout(90_000);
    await arriveAt(page, 'freeResult');
    await grantPaid(page, request);
    await expectEssayGenerated(page);
    const first = await shownEssay(page);

    await press(page.getByRole('button', { name: 'Edit Essay' }));
    const editor = page.getByLabel('Edit your essay');
    await editor.press('Control+End');
    await editor.pressSequentially(' My own closing line.');
    await press(page.getByRole('button', { name: 'Done Editing' }));

    page.once('dialog', (dialog) => void dialog.accept());
    await press(page.getByRole('button', { name: 'Regenerate' }));
    await expect.poll(async () => {
      const text = await shownEssay(page);
      return text !== '' && text !== first && (await page.getByRole('button', { name: 'Edit Essay' }).isVisible());
    }).toBe(true);

    const versions = page.getByRole('region', { name: 'Versions' });
    await expect(versions.getByRole('listitem')).toHaveCount(3);
    const edited = versions.getByRole('listitem', { name: 'Version 2' });
    await expect(edited).toContainText('Edited by you');
    await expect(versions.getByRole('listitem', { name: 'Version 1' })).toContainText('Generated');

    await press(edited.getByRole('button', { name: 'Compare version 2 with current' }));
    await expect(edited.getByRole('region', { name: 'Changes from version 2 to the current essay' })).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    await press(edited.getByRole('button', { name: 'Restore version 2' }));
    await expect.poll(() => shownEssay(page)).toContain('My own closing line.');
    await page.reload();
    await expect.poll(() => shownEssay(page)).toContain('My own closing line.');
    // The regenerated essay it replaced is already version 3, so nothing is added; version 2 is current.
    const kept = page.getByRole('region', { name: 'Versions' });
    await expect(kept.getByRole('listitem')).toHaveCount(3);
    await expect(kept.getByRole('listitem', { name: 'Version 2' })).toContainText('current');
  });

  test('supplemental essays: every try at a prompt is a version, restorable, with its sources', async ({ page }) => {
    test.setTimeout(90_000);
    await arriveAt(page, 'freeResult');
    await page.goto('/supplemental');
    const prompt = 'Why do you want to study engineering at our college?';
    for (let attempt = 1; attempt <= 2; attempt += 1) {
      await page.getByLabel('Essay prompt').fill(prompt);
      await page.getByLabel('Word count').fill('150');
      await press(page.getByRole('button', { name: 'Generate Supplemental Essay' }));
      await expect(page.getByRole('heading', { level: 3, name: prompt })).toHaveCount(attempt, { timeout: 20_000 });
    }
    // Newest first: both items are named by the same prompt.
    const essays = page.getByRole('region', { name: 'Your supplemental essays' }).getByRole('listitem', { name: prompt });
    const newest = essays.nth(0);
    const text = async (item: typeof newest) => (await item.locator('.essay__paragraph').first().innerText()).trim();
    const firstText = await text(essays.nth(1));
    const secondText = await text(newest);
    expect(secondText).not.toBe(firstText);

    // How it was made: the answers a paragraph came from, on demand.
    await press(newest.getByRole('button', { name: 'Show sources for paragraph 1 of essay 2' }));
    await expect(newest.getByRole('list', { name: 'Sources of paragraph 1 of essay 2' })).toBeVisible();

    const versions = newest.getByRole('region', { name: 'Versions of essay 2' });
    await expect(versions.getByRole('listitem')).toHaveCount(2);
    await press(versions.getByRole('button', { name: 'Compare version 1 of essay 2 with current' }));
    await expect(versions.getByRole('region', { name: 'Changes from version 1 of essay 2 to the current essay' })).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    await press(versions.getByRole('button', { name: 'Restore version 1 of essay 2' }));
    await expect.poll(() => text(newest)).toBe(firstText);
    await page.reload();
    await expect.poll(() => text(essays.nth(0))).toBe(firstText);
    await expect(page.getByRole('region', { name: 'Versions of essay 2' }).getByRole('listitem', { name: 'Version 1 of essay 2' })).toContainText('current');
  });

  test('edits made offline become versions that reach the server on reconnect', async ({ page, request, context }) => {
    test.setTimeout(90_000);
    await arriveAt(page, 'freeResult');
    await grantPaid(page, request);
    await expectEssayGenerated(page);
    const stored = async (): Promise<string[]> => {
      const answer = await request.get('/api/essay-versions', { headers: { cookie: (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ') } });
      return ((await answer.json()) as { versions: Array<{ text: string }> }).versions.map((v) => v.text);
    };
    await expect.poll(async () => (await stored()).length).toBe(1);

    await context.setOffline(true);
    await press(page.getByRole('button', { name: 'Edit Essay' }));
    const editor = page.getByLabel('Edit your essay');
    await editor.press('Control+End');
    await editor.pressSequentially(' Written with no connection.');
    await press(page.getByRole('button', { name: 'Done Editing' }));
    await expect(page.getByRole('region', { name: 'Versions' }).getByRole('listitem')).toHaveCount(2);
    await page.waitForTimeout(1500); // longer than the sync's pause: nothing may have left the device
    expect((await stored()).some((text) => text.includes('Written with no connection.'))).toBe(false);

    await context.setOffline(false);
    await expect.poll(async () => (await stored()).some((text) => text.includes('Written with no connection.'))).toBe(true);
  });
});

// The versions' way between two browsers is the sync's and the server's, the same at any width: the laptop's
// run proves it (the versions at a phone's width are checked above).
test.describe('essay versions across browsers', () => {
  test.use({ seed: 'freeResult' });

  test('a version kept in one browser reaches another browser of the same session, after a reload', async ({ page, request, browser, baseURL }) => {
    test.setTimeout(120_000);
    await arriveAt(page, 'freeResult');
    await grantPaid(page, request);
    await expectEssayGenerated(page);

    await press(page.getByRole('button', { name: 'Edit Essay' }));
    const editor = page.getByLabel('Edit your essay');
    await editor.press('Control+End');
    await editor.pressSequentially(' A line written on the laptop.');
    await press(page.getByRole('button', { name: 'Done Editing' }));
    // On the server: its own resource, read back with this browser's session.
    await expect.poll(async () => {
      const answer = await page.request.get('/api/essay-versions');
      return ((await answer.json()) as { versions: Array<{ text: string }> }).versions.filter((v) => v.text.includes('A line written on the laptop.')).length;
    }).toBe(1);

    // The same session in a second browser context: no device copy there, only the session cookie.
    const other = await browser.newContext({ baseURL, storageState: { cookies: await page.context().cookies(), origins: [] } });
    try {
      const second = await other.newPage();
      await second.goto('/result');
      const versions = second.getByRole('region', { name: 'Versions' });
      await expect(versions.getByRole('listitem')).toHaveCount(2, { timeout: 15_000 });
      await expect(versions.getByRole('listitem', { name: 'Version 2' })).toContainText('Edited by you');

      // A version saved in the first context appears in the second after a reload.
      await press(page.getByRole('button', { name: 'Edit Essay' }));
      await page.getByLabel('Edit your essay').press('Control+End');
      await page.getByLabel('Edit your essay').pressSequentially(' And one more.');
      await press(page.getByRole('button', { name: 'Save version' }));
      await expect.poll(async () => {
        const answer = await page.request.get('/api/essay-versions');
        return ((await answer.json()) as { versions: unknown[] }).versions.length;
      }).toBe(3);
      await second.reload();
      const reloaded = second.getByRole('region', { name: 'Versions' });
      await expect(reloaded.getByRole('listitem')).toHaveCount(3, { timeout: 15_000 });
      await press(reloaded.getByRole('listitem', { name: 'Version 3' }).getByRole('button', { name: 'Open version 3' }));
      await expect(reloaded.getByRole('region', { name: 'Text of version 3' })).toContainText('And one more.');
    } finally {
      await other.close();
    }
  });
});
