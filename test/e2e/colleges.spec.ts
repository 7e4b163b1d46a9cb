// The college planner on a laptop and a phone: a student opens Colleges from the header, adds three colleges with
// five prompts (two Why-us, one Community, one Activity, one short answer), sees the suggested types, changes one,
// assigns stories, sees the one reuse group of the two Why-us prompts, writes Rice's Why-us draft with the coach
// and is told it names another college on the list, downloads the calendar and reads it back
// with a real iCalendar parser; the list reaches the server, and after a reload with the server gone and the
// browser offline every college, prompt and story is still there. The page is axe-clean and fits 375 px.
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import ICAL from 'ical.js';
import type { Page } from '@playwright/test';
import { expect, test } from './support/seededStudent.ts';
import { openHeaderMenu, press } from './essayFlow.ts';
import { linkTo, type ServerLink } from './support/serverLink.ts';
import { openOffline } from './support/offlineDocument.ts';

const day = (offset: number): string => {
  const date = new Date(Date.now() + offset * 86_400_000);
  return date.toISOString().slice(0, 10);
};

const COLLEGES = [
  { name: 'Tufts University', round: 'Early Decision', deadline: day(30) },
  { name: 'Rice University', round: 'Regular Decision', deadline: day(60) },
  { name: 'University of Michigan', round: 'Early Action', deadline: day(45) },
];
const PROMPTS: Array<{ college: string; text: string; limit: number | null; suggested: string }> = [
  { college: 'Tufts University', text: 'Which aspects of the Tufts undergraduate experience prompt your application? In short, "Why Tufts?"', limit: 150, suggested: 'Why us' },
  { college: 'Tufts University', text: 'What is your favourite word, and why?', limit: 50, suggested: 'Short answer' },
  { college: 'Rice University', text: 'Why Rice? Tell us what draws you to Rice University.', limit: 150, suggested: 'Why us' },
  { college: 'University of Michigan', text: 'Describe a community you belong to and your place within it.', limit: 300, suggested: 'Community' },
  { college: 'University of Michigan', text: 'Tell us about an extracurricular activity that matters to you.', limit: null, suggested: 'Activity' },
];

async function addCollege(page: Page, college: typeof COLLEGES[number]) {
  const form = page.getByRole('form', { name: 'Add a college' });
  await form.getByRole('textbox', { name: /College name/ }).fill(college.name);
  await form.getByRole('combobox', { name: 'Application round' }).selectOption({ label: college.round });
  await form.getByLabel(/Deadline/).fill(college.deadline);
  await press(form.getByRole('button', { name: 'Add a college' }));
  await expect(page.getByRole('heading', { level: 3, name: college.name })).toBeVisible();
}

async function addPrompt(page: Page, prompt: typeof PROMPTS[number]) {
  const form = page.getByRole('form', { name: `Add a prompt for ${prompt.college}` });
  await form.getByRole('textbox', { name: /Prompt/ }).fill(prompt.text);
  if (prompt.limit === null) await press(form.getByRole('checkbox', { name: 'No limit' }), 'check');
  else await form.getByRole('spinbutton', { name: /Word limit/ }).fill(String(prompt.limit));
  await press(form.getByRole('button', { name: 'Add a prompt' }));
}

const collegeCard = (page: Page, name: string) => page.getByRole('listitem', { name, exact: true });

test.describe('the college planner @mobile', () => {
  test.use({ serviceWorkers: 'allow' });
  let server: ServerLink & { close(): Promise<void> };
  test.beforeEach(async ({ baseURL }) => { server = await linkTo(baseURL ?? ''); });
  test.afterEach(async () => { await server.close(); });

  test('three colleges, five prompts, one reuse group, the calendar, and everything still there offline', async ({ page, context }) => {
    test.setTimeout(120_000);
    await page.goto(`${server.url}/form`);
    await expect(page.getByRole('banner').getByText('Free', { exact: true })).toBeVisible();
    await openHeaderMenu(page);
    await press(page.getByRole('banner').getByRole('link', { name: 'Colleges' }));
    await expect(page.getByRole('heading', { level: 1, name: 'Your colleges' })).toBeVisible();

    for (const college of COLLEGES) await addCollege(page, college);
    await expect(page.getByRole('list', { name: 'Your colleges' }).getByRole('heading', { level: 3 }))
      .toHaveText(['Tufts University', 'University of Michigan', 'Rice University']);
    for (const prompt of PROMPTS) await addPrompt(page, prompt);
    for (const college of COLLEGES) {
      const prompts = PROMPTS.filter((prompt) => prompt.college === college.name);
      for (const [index, prompt] of prompts.entries()) {
        await expect(collegeCard(page, college.name).getByRole('listitem', { name: `Prompt ${index + 1}` }))
          .toContainText(`Suggested type: ${prompt.suggested}.`);
      }
    }
    // The student's choice wins: the Activity prompt is, to them, a Challenge.
    const michigan = collegeCard(page, 'University of Michigan');
    await michigan.getByRole('combobox', { name: 'Type of prompt 2' }).selectOption({ label: 'Challenge' });
    await expect(michigan.getByRole('listitem', { name: 'Prompt 2' })).toContainText('You chose Challenge.');

    const bank = page.getByRole('form', { name: 'Add a story' });
    for (const title of ['Fixing bikes on the front steps', 'Singing in the church choir']) {
      await bank.getByRole('textbox', { name: /Story title/ }).fill(title);
      await press(bank.getByRole('button', { name: 'Add a story' }));
    }
    await collegeCard(page, 'Tufts University').getByRole('combobox', { name: 'Story for prompt 1' }).selectOption({ label: 'Fixing bikes on the front steps' });
    await michigan.getByRole('combobox', { name: 'Story for prompt 1' }).selectOption({ label: 'Singing in the church choir' });

    const groups = page.getByRole('group', { name: /reuse group$/ });
    await expect(groups).toHaveCount(1);
    await expect(groups).toHaveAccessibleName('Why us reuse group');
    await expect(groups).toContainText('Reuse group: write one core draft, then adapt it');
    await expect(groups.getByRole('listitem')).toHaveCount(2);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);

    const download = page.waitForEvent('download');
    await press(page.getByRole('button', { name: 'Download calendar (.ics)' }));
    const file = await (await download).path();
    const calendar = new ICAL.Component(ICAL.parse(await readFile(file, 'utf8')));
    const events = calendar.getAllSubcomponents('vevent').map((event) => new ICAL.Event(event));
    expect(events.map((event) => event.summary).sort()).toEqual([
      'Rice University: Regular Decision deadline', 'Tufts University: Early Decision deadline', 'University of Michigan: Early Action deadline',
    ]);
    expect(events.find((event) => event.summary.startsWith('Tufts'))?.startDate.toString()).toBe(COLLEGES[0]!.deadline);

    // A Why-us draft written with the coach: kept under the prompt, which is then Drafting, and the swap test
    // across the list finds the other college it names.
    const rice = collegeCard(page, 'Rice University');
    await press(rice.getByRole('button', { name: 'Write prompt 1 with the coach' }));
    await expect(page.getByRole('heading', { level: 1, name: 'Write your own with the coach' })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'A prompt on your college list' })).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Prompt on your college list' })).toHaveValue(/.+/);
    await page.getByRole('textbox', { name: /Your draft/ }).fill('I want to play in the Marching Owl Band at Rice, as I did when I visited Tufts University last spring.');
    await press(page.getByRole('button', { name: 'Save this revision' }));
    await expect(page.getByRole('list', { name: 'Saved revisions' }).getByRole('listitem')).toHaveCount(1);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    await openHeaderMenu(page);
    await press(page.getByRole('banner').getByRole('link', { name: 'Colleges' }));
    await expect(rice.getByRole('listitem', { name: 'Prompt 1' })).toContainText('1 draft saved');
    await expect(rice.getByRole('note')).toHaveText('Names another college on your list: Tufts University.');
    await expect(rice.getByRole('combobox', { name: 'Status of prompt 1' })).toHaveValue('drafting');

    // A prompt with no limit is written with the coach too, which checks no length.
    await press(collegeCard(page, 'University of Michigan').getByRole('button', { name: 'Write prompt 2 with the coach' }));
    await expect(page.getByText('Word limit: no length check.')).toBeVisible();
    await page.getByRole('textbox', { name: /Your draft/ }).fill('I keep the robotics shop open on Saturdays.');
    await expect(page.getByText(/8 words, no length check$/)).toBeVisible();
    await expect(page.getByText(/^8 words, no length check\. Questions/)).toBeVisible();
    await openHeaderMenu(page);
    await press(page.getByRole('banner').getByRole('link', { name: 'Colleges' }));
    await expect(page.getByRole('heading', { level: 1, name: 'Your colleges' })).toBeVisible();

    // The list reaches the server through the sync.
    await expect.poll(async () => {
      const answer = await page.request.get(`${server.url}/api/college-plan`);
      const { document } = (await answer.json()) as { document: { colleges: Array<{ prompts: unknown[] }>; stories: unknown[] } | null };
      return document === null ? 0 : document.colleges.flatMap((college) => college.prompts).length + document.stories.length;
    }, { timeout: 10_000 }).toBe(7);

    // Offline, the server gone: the app comes from the service worker and the list from the device.
    await page.evaluate(async () => { await navigator.serviceWorker.ready; });
    await server.disconnect();
    await context.setOffline(true);
    await openOffline(page, () => page.reload());
    await expect(page.getByRole('heading', { level: 1, name: 'Your colleges' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Your colleges' }).getByRole('heading', { level: 3 }))
      .toHaveText(['Tufts University', 'University of Michigan', 'Rice University']);
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(PROMPTS.length + 1);
    await expect(michigan.getByRole('listitem', { name: 'Prompt 2' })).toContainText('You chose Challenge.');
    await expect(page.getByRole('list', { name: 'Your stories' }).getByRole('listitem')).toHaveCount(2);
    await expect(page.getByRole('group', { name: 'Why us reuse group' })).toBeVisible();
    await expect(rice.getByRole('note')).toHaveText('Names another college on your list: Tufts University.');
    await context.setOffline(false);
  });
  // What the student wrote before the planner: a supplemental answer kept with the coach is listed under "Not
  // assigned to a college" with its limit and version; assigned to a college, its draft is that prompt's, and
  // stays so after a reload.
  test('a coach draft written before the planner, assigned to a college, keeps its draft', async ({ page }) => {
    test.setTimeout(60_000);
    const prompt = 'Tell us about an idea that keeps you up at night.';
    await page.goto(`${server.url}/coach`);
    await press(page.getByRole('radio', { name: 'Supplemental answer' }), 'check');
    await page.getByRole('textbox', { name: /The college's prompt/ }).fill(prompt);
    await page.getByRole('spinbutton', { name: /Word limit/ }).fill('200');
    await page.getByRole('textbox', { name: /Your draft/ }).fill('Whether a bridge remembers the weight it carried.');
    await press(page.getByRole('button', { name: 'Save this revision' }));

    await openHeaderMenu(page);
    await press(page.getByRole('banner').getByRole('link', { name: 'Colleges' }));
    const unassigned = page.getByRole('list', { name: 'Not assigned to a college' });
    await expect(unassigned.getByRole('listitem', { name: 'Unassigned prompt 1' })).toContainText(`${prompt}200 words · 1 version`);
    await addCollege(page, COLLEGES[1]!);
    await press(unassigned.getByRole('button', { name: 'Assign unassigned prompt 1' }));
    const rice = collegeCard(page, 'Rice University');
    await expect(rice.getByRole('listitem', { name: 'Prompt 1' })).toContainText('200 words · 1 draft saved');
    await expect(rice.getByRole('combobox', { name: 'Status of prompt 1' })).toHaveValue('drafting');
    await expect(unassigned).toHaveCount(0);
    expect((await new AxeBuilder({ page }).analyze()).violations).toEqual([]);
    // Opened from the planner, the coach lists the revision kept before the planner as the prompt's.
    await press(rice.getByRole('button', { name: 'Write prompt 1 with the coach' }));
    await expect(page.getByRole('radio', { name: 'A prompt on your college list' })).toBeChecked();
    await expect(page.getByRole('list', { name: 'Saved revisions' }).getByRole('listitem')).toHaveCount(1);
    await page.goBack();

    await page.reload();
    await expect(rice.getByRole('listitem', { name: 'Prompt 1' })).toContainText('200 words · 1 draft saved');
    await expect(unassigned).toHaveCount(0);
  });
});
