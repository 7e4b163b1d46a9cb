import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { expectEssayGenerated, grantPaid, press, reachFreeResult, shownEssay } from './essayFlow.ts';

test.describe('essay versions on this device @mobile', () => {
  test('generate, edit, regenerate: both earlier versions are listed, compared and restored', async ({ page, request }) => {
    test.setTimeout(90_000);
    await reachFreeResult(page);
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
});
