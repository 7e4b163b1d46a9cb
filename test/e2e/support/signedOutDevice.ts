// A browser signed out by another device, opened again: its first call is refused, it erases its copy and
// starts again at / as a visitor, holding none of the given words in any of the browser's storage.
import type { BrowserContext, Page } from '@playwright/test';
import { browserStorage } from './browserStorage.ts';
import { expect } from './seededStudent.ts';

export async function reopenedAsVisitor(browser: BrowserContext, absent: readonly string[]): Promise<Page> {
  const reopened = await browser.newPage();
  await reopened.goto('/form');
  await expect(reopened).toHaveURL(/\/$/);
  await reopened.goto('/form');
  await expect(reopened.getByLabel(/Full name/i)).toHaveValue('');
  const stored = await browserStorage(reopened);
  for (const kept of [stored.indexedDB, stored.local, stored.session]) {
    for (const word of absent) expect(kept).not.toContain(word);
  }
  expect(stored.cached).toBe(0);
  return reopened;
}
