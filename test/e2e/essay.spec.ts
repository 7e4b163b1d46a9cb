import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { fillProfile, grantPaid, shownEssay, words } from './essayFlow.ts';
import { arriveAt, expect, test } from './support/seededStudent.ts';

test.describe('the essay flow @mobile', () => {
  test('profile → topics → follow-up → free notice → paid essay streams, downloads, copies, regenerates, survives a reload', async ({ page, request, context }) => {
    test.setTimeout(90_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await fillProfile(page);
    await page.getByRole('button', { name: 'Common App Personal Statement' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Choose Your Essay Topic' })).toBeVisible();

    await page.getByRole('button', { name: 'Generate Topics' }).click();
    await expect(page.getByRole('progressbar', { name: 'Generating topics' })).toBeVisible();
    for (const number of ['1', '2', '3', '4', '5', '6']) {
      await expect(page.getByRole('group', { name: `Prompt ${number}` }).getByRole('radio').first()).toBeVisible();
    }
    await expect(page.getByRole('main')).toContainText(/robot|Scratch|radios/i);
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await page.getByRole('group', { name: 'Prompt 2' }).getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Next' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Tell Us More About Your Topic' })).toBeVisible();
    const answers = page.getByRole('listitem').getByRole('textbox');
    await expect(answers).toHaveCount(7);
    await page.getByRole('button', { name: 'Generate Essay' }).click();
    await expect(page.getByText('Please answer at least 3 questions before proceeding')).toBeVisible();
    await answers.nth(0).fill('The moment the arm lifted the cube after three weeks of rebuilding it in the garage.');
    await answers.nth(1).fill('I stopped seeing failure as the end and started seeing it as a list of things to test.');
    await answers.nth(2).fill('The smell of solder, the blue tape on the floor, and my teammate counting down from five.');
    await page.getByRole('button', { name: 'Generate Essay' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Your College Essay' })).toBeVisible();
    await expect(page.getByText('Generating your essay needs the paid plan')).toBeVisible();
    await expect(page.getByText('Your essay will appear here once it has been generated.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Regenerate' })).toHaveCount(0);

    await grantPaid(page, request);
    await expect(page.getByRole('button', { name: 'Edit Essay' })).toBeVisible({ timeout: 15_000 });
    const essay = await shownEssay(page);
    expect(words(essay)).toBeGreaterThan(100);
    expect(words(essay)).toBeLessThanOrEqual(650);
    await expect(page.getByText(new RegExp(`^\\s*Word count: ${words(essay)}/650`))).toBeVisible();
    await expect(page.getByText(/sample for reference only/)).toBeVisible();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download', exact: true }).click()]);
    expect(download.suggestedFilename()).toBe('college-essay.txt');
    const saved = await readFile(await download.path(), 'utf8');
    expect(saved.replace(/\s+/g, ' ')).toContain(essay.split('\n\n')[0]!.replace(/\s+/g, ' '));
    expect(saved).toContain('sample for reference only');

    await page.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByText('Copied to clipboard.')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.replace(/\s+/g, ' ').trim()).toBe(essay.replace(/\s+/g, ' ').trim());

    await page.getByRole('button', { name: 'Regenerate' }).click();
    // Finished means a different, non-empty text with the editor back: while the new essay streams, the text
    // grows from nothing and 'Edit Essay' is not shown, so a text read then is only part of the new essay.
    const editButton = page.getByRole('button', { name: 'Edit Essay' });
    await expect.poll(async () => {
      const text = await shownEssay(page);
      return text !== '' && text !== essay && (await editButton.isVisible());
    }, { timeout: 15_000 }).toBe(true);
    const regenerated = await shownEssay(page);
    expect(words(regenerated)).toBeLessThanOrEqual(650);

    await page.waitForTimeout(300);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Your College Essay' })).toBeVisible();
    await expect.poll(() => shownEssay(page)).toBe(regenerated);
  });

  // From a free student at /result, seeded: what is tested is the editor, not the questionnaire.
  test.describe(() => {
    test.use({ seed: 'freeResult' });

    test('edits in place: N/650 follows the typing, and the generated version can be restored', async ({ page, request }) => {
      test.setTimeout(60_000);
      await arriveAt(page, 'freeResult');
      await grantPaid(page, request);
      await page.getByRole('button', { name: 'Edit Essay' }).click({ timeout: 15_000 });
      const editor = page.getByLabel('Edit your essay');
      const before = await editor.inputValue();
      await editor.press('Control+End');
      await editor.pressSequentially(' Three more words.');
      await expect(editor).toHaveValue(`${before} Three more words.`);
      await expect(page.getByText(`Word count: ${words(before) + 3}/650`)).toBeVisible();
      await page.getByRole('button', { name: 'Restore generated version' }).click();
      await expect(editor).toHaveValue(before);
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    });
  });

  // Maya's questionnaire filled, seeded: what is tested is the supplemental essay, not the questionnaire.
  test.describe(() => {
    test.use({ seed: 'questionnaire' });

    test('a supplemental essay of 250 words comes back with 225–250 words', async ({ page }) => {
      await arriveAt(page, 'questionnaire');
      await page.getByRole('button', { name: 'Supplemental Essays' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Generate Supplemental Essay' })).toBeVisible();
      await page.getByRole('button', { name: 'Generate Supplemental Essay' }).click();
      await expect(page.getByText('Please provide both the prompt and word count')).toBeVisible();
      await page.getByLabel('Essay prompt').fill('Why do you want to study engineering at our university?');
      await page.getByLabel('Word count').fill('250');
      await page.getByRole('button', { name: 'Generate Supplemental Essay' }).click();
      const item = page.getByRole('listitem').filter({ hasText: 'Why do you want to study engineering' });
      await expect(item).toBeVisible();
      const text = await item.locator('.essay__paragraph').innerText();
      expect(words(text)).toBeGreaterThanOrEqual(225);
      expect(words(text)).toBeLessThanOrEqual(250);
      await expect(page.getByText(/You can write 9 more today \(of 10\)/)).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    });
  });
});
