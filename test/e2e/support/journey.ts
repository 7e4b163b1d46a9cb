// The questionnaire filled in the way a student does, up to /essay-type.
import { expect, type Page } from '@playwright/test';

export async function completeQuestionnaire(page: Page, name = 'Maya Chen'): Promise<void> {
  await page.goto('/form');
  await page.getByLabel(/Full name/i).fill(name);
  await page.getByLabel(/^E-?mail/i).fill('maya@example.com');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Class rank').selectOption({ index: 1 });
  await page.getByRole('group', { name: /Favorite subjects/ }).getByRole('checkbox').first().check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('group', { name: /Types of colleges/ }).getByRole('checkbox').first().check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/essay-type$/);
}
