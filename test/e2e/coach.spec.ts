// The coach on a laptop and a phone: a student opens it from the header, writes a draft with a cliché opening,
// sees the question on the first paragraph, saves the revision (kept on the server as a coach version), rewrites
// the opening and sees the earlier question marked addressed. The page is axe-clean with a review on it.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/seededStudent.ts';
import { PLANTED_DRAFTS } from '../fixtures/coachDrafts.ts';
import { openHeaderMenu, press } from './essayFlow.ts';

const draft = PLANTED_DRAFTS[0]!.draft;
const OPENING = 'Ever since I was a child, I have loved the water. ';

test.describe('the coach @mobile', () => {
  test('a cliché opening is asked about, then marked addressed once the student rewrites it', async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto('/form');
    // The header is the app's own (not the page's frame) once it shows the plan the server answered.
    await expect(page.getByRole('banner').getByText('Free', { exact: true })).toBeVisible();
    await openHeaderMenu(page);
    await press(page.getByRole('banner').getByRole('link', { name: 'Coach' }));
    await expect(page.getByRole('heading', { level: 1, name: 'Write your own with the coach' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'What the coach is' })).toContainText('does not detect AI use');

    const box = page.getByRole('textbox', { name: 'Your draft' });
    await box.fill(draft);
    const first = page.getByRole('listitem', { name: 'Paragraph 1' });
    await expect(first.getByText('Stock phrase')).toBeVisible();
    await expect(first.locator('blockquote', { hasText: 'Ever since I was a child' })).toBeVisible();
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    // Nothing on the page is wider than the screen (375 px on a phone).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    // By keyboard: from the draft, Tab reaches "Save this revision", and Enter presses it.
    await box.focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Save this revision' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect.poll(async () => {
      const answer = await page.request.get('/api/essay-versions');
      const { versions } = (await answer.json()) as { versions: Array<{ essayKey: string; kind: string }> };
      return versions.filter((version) => version.essayKey === 'coach-personal' && version.kind === 'coach').length;
    }).toBe(1);

    await box.fill(draft.replace(OPENING, 'The chlorine hit me before the cold did. '));
    const earlier = page.getByRole('list', { name: 'Earlier questions' });
    const stock = earlier.getByRole('listitem').filter({ hasText: 'Stock phrase' });
    await expect(stock.getByText('Addressed')).toBeVisible();
    await expect(first.getByText('Stock phrase')).toHaveCount(0);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);

    // The draft is the student's typing: it is still there after a reload.
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Your draft' })).toHaveValue(/^The chlorine hit me/);
  });
});
