// Steps of the essay journeys: a student filling the questionnaire as a person would, and the operator's grant.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN_TOKEN } from './support/serverEnv.ts';

export async function fillProfile(page: Page): Promise<void> {
  await page.goto('/form');
  await page.getByLabel(/Full name/i).fill('Maya Okafor');
  await page.getByLabel(/E-?mail/i).fill('maya@example.com');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel(/Class rank/).selectOption('Top 5%');
  await page.getByRole('checkbox', { name: 'Mathematics' }).check();
  await page.getByRole('checkbox', { name: 'Computer Science' }).check();
  await page.getByRole('checkbox', { name: 'STEM' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('checkbox', { name: 'Research University' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Add activity' }).click();
  await page.getByLabel('Category').selectOption({ label: 'Academic Clubs' });
  await page.getByLabel(/Leadership role/).fill('Lead programmer of the robotics club');
  await page.getByLabel(/Description/).fill('I rebuilt our robot arm in Scratch and Python after it failed at the regional, and taught two freshmen to wire the motors.');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Tell us about something that made you really happy.').fill('Our robot finally lifted the cube on the last day of practice and the whole team shouted.');
  await page.getByLabel('What do you love doing outside of school?').fill('Taking apart old radios with my grandfather and putting them back together.');
  await page.getByLabel('Describe a time you messed up and what you learned from it.').fill('I wired the arm backwards before the regional and learned to test every connection twice.');
  await page.getByLabel('Who is someone you look up to, and why?').fill('My grandfather, who fixed radios for the whole street in Lagos and never charged a neighbour who could not pay. He taught me that a repair is a kind of respect.');
  await page.getByLabel('What is something you wish people knew about you?').fill('I am quiet in class, but I talk for hours about gear ratios once someone asks, and I keep a notebook of every mistake our team has made.');
  await page.getByLabel('Title').fill('The Arm');
  await page.getByLabel('Text').fill('The arm dropped the cube for the fortieth time and nobody said anything. I sat on the gym floor with the wiring diagram across my knees and traced every line with a pencil until I found it: two wires swapped, my own handwriting on the label. I fixed it, tested it twice, and then I wrote the mistake in the notebook, because the next freshman should not have to find it the hard way. We did not win the regional. We did finish the season with an arm that worked, a checklist taped inside the toolbox, and two new programmers who know how to read a diagram before they trust it.');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/essay-type$/);
}

export async function grantPaid(page: Page, request: APIRequestContext): Promise<void> {
  const uid = await page.evaluate(async () => ((await (await fetch('/api/session', { method: 'POST' })).json()) as { uid: string }).uid);
  const grant = await request.post('/api/admin/entitlements', {
    headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` },
    data: { uid, plan: 'paid' },
  });
  expect(grant.status()).toBe(200);
  // Coming back to the tab refetches the plan, as after a purchase in another tab.
  await page.evaluate(() => window.dispatchEvent(new Event('focus')));
}

/** The essay as the page shows it, paragraph by paragraph. */
export const shownEssay = async (page: Page): Promise<string> =>
  (await page.locator('.essay .essay__paragraph').allInnerTexts()).join('\n\n');

export const words = (text: string): number => (text.trim() === '' ? 0 : text.trim().split(/\s+/).length);
