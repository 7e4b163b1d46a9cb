// Every page on a phone, as a student meets it: at 375, 360 and 320 px wide the page's first field or main
// action is on the first screen, the header of the app's pages is one row, the floating Feedback button
// covers no field, link or button (at the top, at the bottom, and wherever focusing a control scrolls to),
// and axe-core finds nothing. The Feedback check runs at tablet and laptop widths too. With the on-screen
// keyboard open, the field a student taps first on each page is still in view and uncovered. Runs in its own
// phone-sized context (so only under the laptop project, once).
import type { Browser, Page } from '@playwright/test';
import { expectEssayGenerated, press } from './essayFlow.ts';
import { checkPage, checkWithKeyboard, firstField, HEIGHT } from './support/phoneChecks.ts';
import { arriveAt, expect, test } from './support/seededStudent.ts';

test.use({ viewport: { width: 375, height: HEIGHT }, isMobile: true, hasTouch: true });

/**
 * A new student's browser (nothing stored), at the journey's phone size, beside its seeded one. Closing the page
 * closes its context. Its own context, as axe-core asks (it opens pages in the page's context).
 */
async function newStudentPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ storageState: undefined });
  const page = await context.newPage();
  page.once('close', () => void context.close());
  return page;
}

test.describe('pages on a phone', () => {
  test('the landing page: the main action on the first screen, nothing under a floating button, axe-clean', async ({ page }) => {
    await page.goto('/');
    await checkPage(page, '/', { layout: false });
  });

  test('the header: one row, the save state in words on a tap, Referrals and Upgrade in the menu', async ({ page }) => {
    await page.goto('/form');
    const header = page.getByRole('banner');
    const save = header.getByRole('button', { name: /^(Saved on this device|Saved online)$/ });
    await expect(save).toBeVisible();
    const words = save.getByText(/^(Saved on this device|Saved online)$/);
    // Visually hidden until tapped (screen readers read it all along), then shown under the icon.
    expect((await words.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
    await save.tap();
    expect((await words.boundingBox())?.width ?? 0).toBeGreaterThan(40);

    const menu = header.getByRole('button', { name: 'Menu' });
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(header.getByRole('button', { name: 'Referrals' })).toBeHidden();
    await menu.tap();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(header.getByRole('button', { name: 'Referrals' })).toBeVisible();
    await expect(header.getByRole('button', { name: /Upgrade/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeFocused();

    // The flow's steps and the questionnaire's steps are two lists with their own names.
    await expect(page.getByRole('navigation', { name: 'Progress' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Questionnaire steps' })).toBeVisible();
  });

  // The journeys through every page start from a free student at /result, seeded (the questionnaire's first
  // step is checked on a new student's browser beside it): what is tested is each page's layout, not the questionnaire.
  test.describe(() => {
    test.use({ seed: 'freeResult' });

    test('every page of the flow, free then paid, including the thank-you page', async ({ page, context, browser }) => {
      test.setTimeout(180_000);
      const newStudent = await newStudentPage(browser);
      await newStudent.goto('/form');
      await checkPage(newStudent, '/form');
      await newStudent.close();
      await arriveAt(page, 'freeResult');
      await checkPage(page, '/result (free)');
      for (const path of ['/form', '/essay-type', '/topics', '/followup', '/supplemental', '/referrals']) {
        await page.goto(path);
        await expect(page).toHaveURL(new RegExp(`${path}$`));
        await checkPage(page, path);
      }
      await page.goto('/result');
      const [checkout] = await Promise.all([
        context.waitForEvent('page'),
        press(page.getByRole('region', { name: 'Get full access' }).getByRole('button', { name: /Upgrade/ })),
      ]);
      await checkout.setViewportSize({ width: 375, height: HEIGHT });
      await checkout.getByRole('button', { name: /Pay/ }).click();
      await expect(checkout).toHaveURL(/\/thank-you\?session_id=cs_local_/);
      await expect(checkout.getByRole('heading', { name: 'All set!' })).toBeVisible();
      await checkPage(checkout, '/thank-you', { layout: false });
      await checkout.close();
      await page.bringToFront();
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await expectEssayGenerated(page);
      await checkPage(page, '/result (paid, essay written)', { reading: true });
    });

    test('with the on-screen keyboard open, the first field of each page stays in view and uncovered', async ({ page, context, browser }) => {
      test.setTimeout(180_000);
      const newStudent = await newStudentPage(browser);
      await newStudent.goto('/form');
      await checkWithKeyboard(newStudent, '/form, the first question', firstField(newStudent));
      await expect(newStudent.getByRole('main').getByRole('textbox').first()).toHaveAccessibleName(/Full name/);

      // The feedback dialog opened from the floating button: its message box above the keyboard, inside the dialog.
      const dialog = newStudent.getByRole('dialog', { name: 'Send us feedback' });
      await checkWithKeyboard(newStudent, 'the feedback dialog, its message', () => dialog.getByRole('textbox', { name: 'Your feedback' }), {
        before: async () => {
          if (await dialog.isVisible()) return;
          await newStudent.getByRole('button', { name: 'Feedback', exact: true }).tap();
          await expect(dialog).toBeVisible();
        },
      });
      await press(dialog.getByRole('button', { name: 'Cancel' }));
      await expect(dialog).toBeHidden();
      await newStudent.close();

      await arriveAt(page, 'freeResult');
      await page.goto('/supplemental');
      await checkWithKeyboard(page, '/supplemental, the prompt', firstField(page));
      // The first follow-up question quotes the topic and runs five or six lines on a phone: its answer box
      // is on the first screen, and once tapped the browser brings it above the keyboard, where nothing covers it.
      await page.goto('/followup');
      await expect(page).toHaveURL(/\/followup$/);
      await checkWithKeyboard(page, '/followup, the first answer', firstField(page), { browserScrolls: true });

      await page.goto('/result');
      const [checkout] = await Promise.all([
        context.waitForEvent('page'),
        press(page.getByRole('region', { name: 'Get full access' }).getByRole('button', { name: /Upgrade/ })),
      ]);
      await checkout.getByRole('button', { name: /Pay/ }).click();
      await expect(checkout).toHaveURL(/\/thank-you\?session_id=cs_local_/);
      await checkout.close();
      await page.bringToFront();
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await expectEssayGenerated(page);
      await press(page.getByRole('button', { name: 'Edit Essay' }));
      await checkWithKeyboard(page, '/result, the essay editor', () => page.getByRole('textbox', { name: 'Edit your essay' }));
    });
  });
});
