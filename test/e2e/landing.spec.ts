import type { Locator } from '@playwright/test';
import { expect, test } from './support/seededStudent.ts';
import AxeBuilder from '@axe-core/playwright';

// Tagged @mobile one by one: what the HTML does before and without JavaScript, and when the script is asked for,
// do not depend on the width; the sections, their styles, axe-core and the scroll do.
test.describe('landing page', () => {
  test('shows every landing section in order, with its copy @mobile', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Your College Essay, Perfected with AI' })).toBeVisible();
    await expect(page.getByText('10,000+', { exact: false }).first()).toBeVisible();
    await expect(page.getByText('500+', { exact: false }).first()).toBeVisible();

    const sectionHeadings = page.getByRole('heading', { level: 2 });
    const names = await sectionHeadings.allInnerTexts();
    const order = ['How It Works', 'Key Features', 'Student Success Stories'].map((name) =>
      names.findIndex((text) => text.includes(name)),
    );
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);

    await expect(page.getByText('$29').first()).toBeVisible();
    await expect(page.getByText('$49').first()).toBeVisible();
    await expect(page.getByText(/41% off/i).first()).toBeVisible();
    await expect(page.getByText(/1[–-]2 hours/).first()).toBeAttached();
    await expect(page.getByText(/sample/i).first()).toBeAttached();

    const footer = page.getByRole('contentinfo');
    for (const name of ['About Us', 'Privacy Policy', 'Terms of Service']) {
      await expect(footer.getByRole('link', { name })).toBeVisible();
    }
  });

  test('is painted from pre-rendered HTML before any JavaScript runs', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseURL}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Your College Essay, Perfected with AI' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start Your Essay' })).toHaveAttribute('href', '/form');
    await context.close();
  });

  test('Upgrade works without JavaScript: its form opens the $49 checkout in a new tab', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(`${baseURL}/`);
      const hero = page.getByRole('region', { name: 'Your College Essay, Perfected with AI' });
      // Starting a checkout changes state, so Upgrade posts a form; the browser's own Origin lets it through.
      const [checkout] = await Promise.all([context.waitForEvent('page'), hero.getByRole('button', { name: /^Upgrade/ }).click()]);
      await expect(checkout.getByText(/no card is charged/)).toBeVisible();
      await expect(checkout.getByRole('button', { name: 'Pay $49 (test)' })).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('Upgrade looks exactly as the links of the same style beside it @mobile', async ({ page }) => {
    await page.goto('/');
    const look = (control: Locator) => control.evaluate((element) => {
      const style = getComputedStyle(element);
      return {
        font: style.font, color: style.color, background: style.backgroundColor, border: style.border, radius: style.borderRadius,
        padding: style.padding, margin: style.margin, cursor: style.cursor, height: element.getBoundingClientRect().height,
      };
    });
    const hero = page.getByRole('region', { name: 'Your College Essay, Perfected with AI' });
    expect(await look(hero.getByRole('button', { name: /^Upgrade/ }))).toEqual(await look(hero.getByRole('link', { name: 'Begin Free Trial' })));
    // In the pricing card it is a full-width secondary button under the primary link: the same box and type.
    const pricing = page.getByRole('region', { name: 'Simple Pricing' });
    const box = async (control: Locator) => {
      const { font, radius, padding, margin, cursor, height } = await look(control);
      return { font, radius, padding, margin, cursor, height, width: (await control.boundingBox())?.width };
    };
    expect(await box(pricing.getByRole('button', { name: /^Upgrade for/ }))).toEqual(await box(pricing.getByRole('link', { name: 'Try It Free' })));
  });

  test('asks for its script only after the first paint, and the script still arrives', async ({ page }) => {
    await page.goto('/?ref=REFER-AB12CD');
    const timings = await page.waitForFunction(() => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      const scripts = performance.getEntriesByType('resource')
        .filter((entry) => (entry as PerformanceResourceTiming).initiatorType !== 'navigation' && entry.name.includes('/assets/') && entry.name.endsWith('.js'));
      return paint && scripts.length > 0 ? { paint: paint.startTime, firstScript: Math.min(...scripts.map((entry) => entry.startTime)) } : null;
    });
    const { paint, firstScript } = (await timings.jsonValue())!;
    expect(firstScript).toBeGreaterThanOrEqual(paint);
    // And it ran: it keeps the referral link's code for the session (the deal buttons and popup are checked below).
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('referral_code'))).toBe('REFER-AB12CD');
  });

  test('passes axe-core with no violations @mobile', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });

  test('has no horizontal scroll @mobile', async ({ page }) => {
    await page.goto('/');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("'Start Your Essay' and 'Begin Free Trial' reach the questionnaire @mobile", async ({ page }) => {
    for (const name of ['Start Your Essay', 'Begin Free Trial']) {
      await page.goto('/');
      await page.getByRole('link', { name }).first().click();
      await expect(page).toHaveURL(/\/form$/);
      await expect(page.getByRole('heading', { name: /Basic Information/ })).toBeVisible();
    }
  });
});
