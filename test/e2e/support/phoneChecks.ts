// The checks of a page on a phone (phoneLayout.spec.ts): its first field or main action on the first screen,
// the header in one row, nothing under the floating Feedback button, axe-core, and the field a student taps
// first still in view and uncovered with the on-screen keyboard open.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';
import { MESSAGES } from '../../../src/common/contract/messages.ts';

const WIDTHS = [375, 360, 320];
export const HEIGHT = 740;
/** A phone's on-screen keyboard in portrait, in CSS pixels (Gboard and the iOS keyboard with its bar, about). */
const KEYBOARD = 290;

interface Box { x: number; y: number; width: number; height: number }

/** Controls under the Feedback button's box: at the top, at the bottom, and after focusing each control. */
const controlsUnderFeedback = (page: Page) => page.evaluate(() => {
  const fab = [...document.querySelectorAll('button')].find((button) => button.textContent?.trim() === 'Feedback');
  if (!fab) return [];
  const selector = 'a[href], button, input, select, textarea, summary, [tabindex]:not([tabindex="-1"])';
  const controls = [...document.querySelectorAll<HTMLElement>(selector)].filter((element) => {
    if (element === fab || element.closest('[role="dialog"]')) return false;
    const rect = element.getBoundingClientRect();
    const style = getComputedStyle(element);
    // Visually hidden helpers (1 px, clipped) are no target for a finger.
    return rect.width > 2 && rect.height > 2 && style.visibility !== 'hidden';
  });
  const overlaps = (a: DOMRect, b: DOMRect) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const describe = (element: HTMLElement) =>
    `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? (element as HTMLInputElement).name ?? '').trim().slice(0, 40)}"`;
  const found = new Set<string>();
  const check = (where: string, only?: HTMLElement) => {
    const fabBox = fab.getBoundingClientRect();
    for (const element of only ? [only] : controls) {
      const rect = element.getBoundingClientRect();
      if (rect.bottom <= 0 || rect.top >= window.innerHeight) continue;
      if (overlaps(rect, fabBox)) found.add(`${describe(element)} (${where})`);
    }
  };
  window.scrollTo(0, 0);
  check('top of the page');
  window.scrollTo(0, document.documentElement.scrollHeight);
  check('bottom of the page');
  for (const element of controls) {
    window.scrollTo(0, 0);
    element.focus();
    if (document.activeElement === element) check('after focusing it', element);
  }
  (document.activeElement as HTMLElement | null)?.blur();
  window.scrollTo(0, 0);
  return [...found];
});

/**
 * Waits for the app's live page. A route's pre-rendered frame shows 'Loading your data...' until the student's
 * data is known; for a returning student the app then draws its page anew in the frame's place, so a box measured
 * on the frame meanwhile belongs to an element that is gone (read as null).
 */
const pageLive = (page: Page): Promise<void> => expect(page.getByText(MESSAGES.loading)).toHaveCount(0);

async function expectOnFirstScreen(page: Page, name: string, box: Box | null): Promise<void> {
  expect(box, `${name}: the first field or main action has a box`).not.toBeNull();
  if (!box) return;
  expect(box.y, `${name}: the first field or main action starts on screen`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${name}: the first field or main action ends above the fold`).toBeLessThanOrEqual(HEIGHT);
}

/** The checks of one page, at every width. `layout` pages have the shared header. */
export async function checkPage(
  page: Page,
  name: string,
  { layout = true, reading = false }: { layout?: boolean; reading?: boolean } = {},
): Promise<void> {
  await pageLive(page);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    await page.evaluate(() => window.scrollTo(0, 0));
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    if (reading) {
      // A page to read (the written essay, its actions after it): the text starts on the first screen with
      // several lines in view.
      const text = await page.locator('.essay .essay__paragraph').first().boundingBox();
      expect(text, `${name} at ${width} px: the essay is shown`).not.toBeNull();
      expect(text?.y ?? HEIGHT, `${name} at ${width} px: the essay starts on the first screen`).toBeLessThanOrEqual(HEIGHT - 120);
    } else {
      const first = main.locator('a[href], button, input, select, textarea').filter({ visible: true }).first();
      await expectOnFirstScreen(page, `${name} at ${width} px`, await first.boundingBox());
    }
    if (layout) {
      const header = page.getByRole('banner');
      // The save state's name changes as a save goes out ('Saving…'): wait for where it settles, then measure.
      await expect(header.getByRole('button', { name: /Saved|Offline/ })).toBeVisible();
      const brand = await header.getByRole('link', { name: 'Essay Studio' }).boundingBox();
      const menu = await header.getByRole('button', { name: 'Menu' }).boundingBox();
      const save = await header.getByRole('button', { name: /Saved|Offline/ }).boundingBox();
      expect(brand && menu && save, `${name} at ${width} px: brand, save state and menu are shown`).toBeTruthy();
      if (brand && menu && save) {
        const middle = (box: Box) => box.y + box.height / 2;
        // One row: the three share a middle line, and the menu is to the right of the brand.
        expect(Math.abs(middle(brand) - middle(menu)), `${name} at ${width} px: header in one row`).toBeLessThan(8);
        expect(Math.abs(middle(brand) - middle(save)), `${name} at ${width} px: header in one row`).toBeLessThan(8);
        expect(save.x, `${name} at ${width} px: the save state sits after the brand`).toBeGreaterThanOrEqual(brand.x + brand.width);
        expect(menu.x, `${name} at ${width} px: the menu sits after the save state`).toBeGreaterThanOrEqual(save.x + save.width);
        const brandWhole = await header.getByRole('link', { name: 'Essay Studio' }).evaluate((link) => link.scrollWidth <= link.clientWidth);
        expect(brandWhole, `${name} at ${width} px: the brand is shown whole`).toBe(true);
      }
    }
    expect(await controlsUnderFeedback(page), `${name} at ${width} px: controls under the Feedback button`).toEqual([]);
  }
  // Wider screens, where the button is the pill in the gutter: still over nothing.
  for (const size of [{ width: 768, height: 1024 }, { width: 1024, height: 768 }, { width: 1280, height: 720 }]) {
    await page.setViewportSize(size);
    expect(await controlsUnderFeedback(page), `${name} at ${size.width} px: controls under the Feedback button`).toEqual([]);
  }
  await page.setViewportSize({ width: 375, height: HEIGHT });
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${name}: ${violation.id}: ${violation.help}`)).toEqual([]);
}

/**
 * What is wrong with `field` as a student sees it after tapping it (already focused) with the keyboard open:
 * the room above the keyboard is the viewport, less whatever scrolling box (a dialog) clips the field. A field
 * that fits that room must be inside it whole; a taller one (the essay editor) its top and first three lines.
 * Every part that must show has to be the field itself on top, not the Feedback button or another layer.
 */
const problemsAboveKeyboard = (field: Locator) => field.evaluate((element) => {
  const problems: string[] = [];
  if (document.activeElement !== element) problems.push('it lost focus');
  let top = 0;
  let bottom = window.innerHeight;
  for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
    if (/auto|scroll|hidden|clip/.test(getComputedStyle(box).overflowY)) {
      const clip = box.getBoundingClientRect();
      top = Math.max(top, clip.top);
      bottom = Math.min(bottom, clip.bottom);
    }
  }
  const rect = element.getBoundingClientRect();
  const lineHeight = Number.parseFloat(getComputedStyle(element).lineHeight) || 24;
  const mustShowTo = rect.height <= bottom - top ? rect.bottom : rect.top + Math.min(rect.height, 3 * lineHeight + 16);
  const round = (value: number) => Math.round(value);
  if (rect.top < top - 0.5) problems.push(`its top (${round(rect.top)} px) is above the visible area (${round(top)} px)`);
  if (mustShowTo > bottom + 0.5) {
    problems.push(`it shows to ${round(bottom)} px, it needs ${round(mustShowTo)} px (the keyboard starts at ${window.innerHeight} px)`);
  }
  const fab = [...document.querySelectorAll('button')].find((button) => button.textContent?.trim() === 'Feedback');
  const fabBox = fab?.getBoundingClientRect();
  // The middle and the middle of each edge, and the corners a little further in (round corners show what is
  // behind them).
  const shownBottom = Math.min(mustShowTo, bottom);
  const middle = { x: (rect.left + rect.right) / 2, y: (rect.top + shownBottom) / 2 };
  const points = [
    middle, { x: middle.x, y: rect.top + 3 }, { x: middle.x, y: shownBottom - 3 }, { x: rect.left + 3, y: middle.y },
    { x: rect.right - 3, y: middle.y },
    ...[rect.left + 10, rect.right - 10].flatMap((x) => [{ x, y: rect.top + 10 }, { x, y: shownBottom - 10 }]),
  ];
  for (const { x, y } of points) {
    if (y < Math.max(top, rect.top) || y > shownBottom) continue;
    const hit = document.elementFromPoint(x, y);
    if (hit && hit !== element && !element.contains(hit)) {
      problems.push(`at (${round(x)}, ${round(y)}) it is covered by ${hit.tagName.toLowerCase()}.${[...hit.classList].join('.')}`);
    }
    // The Feedback button's box, even where another layer would hide the button (a dialog covers it).
    const underFab = fabBox !== undefined && fabBox.width > 0 && !element.closest('[role="dialog"]')
      && x >= fabBox.left && x <= fabBox.right && y >= fabBox.top && y <= fabBox.bottom;
    if (underFab) problems.push(`at (${round(x)}, ${round(y)}) it is under the Feedback button`);
  }
  return problems;
});

/**
 * At each phone width, from the top of the page: the student taps `field` (found by `find` at that width),
 * the keyboard opens, and the browser gives the page only the height above it. With
 * `interactive-widget=resizes-content` in the viewport meta, mobile Chromium shrinks the layout viewport, so
 * a smaller viewport is what the page gets. Nothing is scrolled for the student: the field must already be
 * where the keyboard leaves it in view. With `browserScrolls` (a first field under a question too long for the
 * room above the keyboard), the page is first scrolled the least that brings the field into view, as mobile
 * Chromium does for the focused field when its keyboard opens; then nothing may cover it there.
 */
export async function checkWithKeyboard(
  page: Page,
  name: string,
  find: () => Locator,
  { before, browserScrolls = false }: { before?: () => Promise<void>; browserScrolls?: boolean } = {},
): Promise<void> {
  await pageLive(page);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    await page.evaluate(() => window.scrollTo(0, 0));
    await before?.();
    const field = find();
    await expect(field, `${name} at ${width} px: the field is shown`).toBeVisible();
    const box = await field.boundingBox();
    expect(box && box.y + Math.min(box.height, 60) <= HEIGHT, `${name} at ${width} px: the field is on the first screen to tap`).toBe(true);
    await field.tap();
    await expect(field).toBeFocused();
    await page.setViewportSize({ width, height: HEIGHT - KEYBOARD });
    if (browserScrolls) await field.evaluate((element) => element.scrollIntoView({ block: 'nearest' }));
    expect(await problemsAboveKeyboard(field), `${name} at ${width} px with the keyboard open`).toEqual([]);
    await field.blur();
  }
  await page.setViewportSize({ width: 375, height: HEIGHT });
}

export const firstField = (page: Page) => () =>
  page.getByRole('main').locator('input:not([type="radio"]):not([type="checkbox"]), textarea').filter({ visible: true }).first();
