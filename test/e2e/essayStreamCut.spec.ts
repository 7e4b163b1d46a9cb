// An essay stream cut by a server restart, as the browser meets it: the regenerated essay's stream stops
// half way (its answer ends after some of the text, with no end event), then the server is unreachable for a
// while and comes back. The page says the essay failed and offers Regenerate again, the student's edited essay
// stays on the page, edits typed while the server is away reach it once it is back, and the retry writes a
// whole new essay.
//
// The cut and the outage are made with Playwright's routes (the service worker is blocked so that every
// request of the page passes through them): a route that lets the real answer's first half through and then
// ends it, and a route that refuses every API request while the server is "down".
import type { Page } from '@playwright/test';
import type { FormDocument } from '../../src/common/questionnaire/formDocument.ts';
import { MESSAGES } from '../../src/common/contract/messages.ts';
import { grantPaid, press, shownEssay } from './essayFlow.ts';
import { arriveAt, expect, test } from './support/seededStudent.ts';

const SAVE_FAILED = 'Failed to save your changes. They might not persist if you refresh.';

// From a free student at /result, seeded: what is tested is the stream's cut, not the questionnaire.
test.use({ serviceWorkers: 'block', seed: 'freeResult' });

async function serverEssay(page: Page): Promise<string | undefined> {
  const response = await page.request.get('/api/forms/me');
  return ((await response.json()) as { document: FormDocument | null }).document?.generatedEssay;
}

test('a regenerated essay cut mid-stream by a restart: the error and Regenerate show, the edited essay and later edits are kept and reach the server', async ({ page, request }) => {
  test.setTimeout(90_000);
  page.on('dialog', (dialog) => void dialog.accept());
  await arriveAt(page, 'freeResult');
  await grantPaid(page, request);
  const editButton = page.getByRole('button', { name: 'Edit Essay' });
  await expect(editButton).toBeVisible({ timeout: 20_000 });

  // The student edits the essay and it is saved online.
  await press(editButton);
  const editor = page.getByLabel('Edit your essay');
  const edited = `${await editor.inputValue()}\n\nA closing line the student wrote.`;
  await editor.fill(edited);
  await press(page.getByRole('button', { name: 'Done Editing' }));
  await expect(page.getByRole('banner').getByText('Saved online')).toBeVisible({ timeout: 10_000 });
  expect(await serverEssay(page)).toBe(edited);

  // Regenerate: the stream delivers part of the new essay, then the server goes away mid-answer.
  let down = false;
  await page.route('**/api/**', async (route) => {
    if (down) return route.abort('connectionrefused');
    return route.fallback();
  });
  await page.route('**/api/generate-essay', async (route) => {
    const answer = await route.fetch();
    const events = (await answer.text()).split('\n\n').filter((block) => block.startsWith('event: chunk'));
    expect(events.length).toBeGreaterThan(1);
    down = true;
    await route.fulfill({
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
      body: `${events.slice(0, Math.ceil(events.length / 2)).join('\n\n')}\n\n`,
    });
  });
  await press(page.getByRole('button', { name: 'Regenerate' }));

  await expect(page.getByRole('alert').filter({ hasText: MESSAGES.essayFailed })).toBeVisible();
  await expect(editButton).toBeVisible();
  expect(await shownEssay(page)).toContain('A closing line the student wrote.');
  await expect(page.getByRole('button', { name: 'Regenerate' })).toBeEnabled();

  // While the server is away the student keeps editing: the save fails and says so.
  await press(editButton);
  const later = `${edited} Typed while the server restarted.`;
  await editor.fill(later);
  await press(page.getByRole('button', { name: 'Done Editing' }));
  await expect(page.getByRole('alert').filter({ hasText: SAVE_FAILED })).toBeVisible({ timeout: 10_000 });

  // The server is back: the sync sends the pending edit by itself (backoff at most 10 s).
  down = false;
  await page.unroute('**/api/generate-essay');
  await expect(page.getByRole('alert').filter({ hasText: SAVE_FAILED })).toBeHidden({ timeout: 20_000 });
  await expect.poll(() => serverEssay(page), { timeout: 10_000 }).toBe(later);

  // And Regenerate, tried again, writes a whole new essay.
  await press(page.getByRole('button', { name: 'Regenerate' }));
  await expect.poll(async () => {
    const text = await shownEssay(page);
    return text !== '' && !text.includes('Typed while the server restarted.') && (await editButton.isVisible());
  }, { timeout: 20_000 }).toBe(true);
  await expect(page.getByRole('alert').filter({ hasText: MESSAGES.essayFailed })).toHaveCount(0);
});
