// Steps of the essay journeys: a student filling the questionnaire as a person would, and the operator's grant.
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN_TOKEN } from './support/serverEnv.ts';

/**
 * Brings a control to the middle of the screen before using it, as a student scrolls on a phone: at 375 px the
 * floating Feedback button can sit over a control that is already "in view" at the bottom edge.
 */
export async function press(control: Locator, action: 'click' | 'check' = 'click'): Promise<void> {
  await control.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  await (action === 'check' ? control.check() : control.click());
}

/** On a phone the header keeps Referrals and Upgrade in its menu: open it (on a laptop they are in the row). */
export async function openHeaderMenu(page: Page): Promise<void> {
  const menu = page.getByRole('banner').getByRole('button', { name: 'Menu' });
  if (await menu.isVisible() && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
}

/** What a journey's student writes in the questionnaire. */
export interface JourneyProfile {
  name: string;
  email: string;
  classRank: string;
  subjects: string[];
  collegeTypes: string[];
  activity: { category: string; role: string; description: string };
  /** The five insight answers, by their question's label. */
  insights: Record<string, string>;
  writingSample?: { title: string; text: string };
}

export const MAYA: JourneyProfile = {
  name: 'Maya Okafor',
  email: 'maya@example.com',
  classRank: 'Top 5%',
  subjects: ['Mathematics', 'Computer Science', 'STEM'],
  collegeTypes: ['Research University'],
  activity: {
    category: 'Academic Clubs',
    role: 'Lead programmer of the robotics club',
    description: 'I rebuilt our robot arm in Scratch and Python after it failed at the regional, and taught two freshmen to wire the motors.',
  },
  insights: {
    'Tell us about something that made you really happy.': 'Our robot finally lifted the cube on the last day of practice and the whole team shouted.',
    'What do you love doing outside of school?': 'Taking apart old radios with my grandfather and putting them back together.',
    'Describe a time you messed up and what you learned from it.': 'I wired the arm backwards before the regional and learned to test every connection twice.',
    'Who is someone you look up to, and why?': 'My grandfather, who fixed radios for the whole street in Lagos and never charged a neighbour who could not pay. He taught me that a repair is a kind of respect.',
    'What is something you wish people knew about you?': 'I am quiet in class, but I talk for hours about gear ratios once someone asks, and I keep a notebook of every mistake our team has made.',
  },
  writingSample: {
    title: 'The Arm',
    text: 'The arm dropped the cube for the fortieth time and nobody said anything. I sat on the gym floor with the wiring diagram across my knees and traced every line with a pencil until I found it: two wires swapped, my own handwriting on the label. I fixed it, tested it twice, and then I wrote the mistake in the notebook, because the next freshman should not have to find it the hard way. We did not win the regional. We did finish the season with an arm that worked, a checklist taped inside the toolbox, and two new programmers who know how to read a diagram before they trust it.',
  },
};

/** Fills the questionnaire's first two steps (basic information, academics) and goes on to the third. */
export async function fillFirstTwoSteps(page: Page, email = MAYA.email, profile: JourneyProfile = MAYA): Promise<void> {
  await page.goto('/form');
  await page.getByLabel(/Full name/i).fill(profile.name);
  await page.getByLabel(/E-?mail/i).fill(email);
  await press(page.getByRole('button', { name: 'Next' }));
  await page.getByLabel(/Class rank/).selectOption(profile.classRank);
  for (const subject of profile.subjects) await press(page.getByRole('checkbox', { name: subject }), 'check');
  await press(page.getByRole('button', { name: 'Next' }));
}

/** Fills the five questionnaire steps as the student would, and arrives at /essay-type. */
export async function fillProfile(page: Page, email = MAYA.email, profile: JourneyProfile = MAYA): Promise<void> {
  await fillFirstTwoSteps(page, email, profile);
  for (const type of profile.collegeTypes) await press(page.getByRole('checkbox', { name: type }), 'check');
  await press(page.getByRole('button', { name: 'Next' }));
  await press(page.getByRole('button', { name: 'Add activity' }));
  await page.getByLabel('Category').selectOption({ label: profile.activity.category });
  await page.getByLabel(/Leadership role/).fill(profile.activity.role);
  await page.getByLabel(/Description/).fill(profile.activity.description);
  await press(page.getByRole('button', { name: 'Next' }));
  for (const [question, answer] of Object.entries(profile.insights)) await page.getByLabel(question).fill(answer);
  if (profile.writingSample) {
    await page.getByLabel('Title').fill(profile.writingSample.title);
    await page.getByLabel('Text').fill(profile.writingSample.text);
  }
  await press(page.getByRole('button', { name: 'Continue' }));
  await expect(page).toHaveURL(/\/essay-type$/);
}

/**
 * From the questionnaire to /result as a free student: a Common App topic, three follow-up answers, and the
 * free notice where the essay would be.
 */
export async function reachFreeResult(page: Page, email?: string): Promise<void> {
  await fillProfile(page, email);
  await chooseTopicAndAnswer(page);
}

/** From /essay-type to /result as a free student: Prompt 1's first topic and three follow-up answers. */
export async function chooseTopicAndAnswer(page: Page): Promise<void> {
  await press(page.getByRole('button', { name: 'Common App Personal Statement' }));
  await press(page.getByRole('button', { name: 'Generate Topics' }));
  await press(page.getByRole('group', { name: 'Prompt 1' }).getByRole('radio').first(), 'check');
  await press(page.getByRole('button', { name: 'Next' }));
  const answers = page.getByRole('listitem').getByRole('textbox');
  await expect(answers.first()).toBeVisible();
  await answers.nth(0).fill('The moment the arm lifted the cube after three weeks of rebuilding it in the garage.');
  await answers.nth(1).fill('I stopped seeing failure as the end and started seeing it as a list of things to test.');
  await answers.nth(2).fill('The smell of solder, the blue tape on the floor, and my teammate counting down from five.');
  await press(page.getByRole('button', { name: 'Generate Essay' }));
  await expectFreeResult(page);
}

/** /result as a free student sees it: the free notice where the essay would be. */
export async function expectFreeResult(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/result$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your College Essay' })).toBeVisible();
  await expect(page.getByText('Generating your essay needs the paid plan')).toBeVisible();
  await expect(page.getByText('Your essay will appear here once it has been generated.')).toBeVisible();
  await expect(page.getByRole('banner').getByText('Free', { exact: true })).toBeVisible();
}

/** After the plan turns paid, /result writes the essay by itself: it streams in, then shows N/650. */
export async function expectEssayGenerated(page: Page): Promise<void> {
  await expect(page.getByText('Generating your essay needs the paid plan')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit Essay' })).toBeVisible({ timeout: 20_000 });
  const essay = await shownEssay(page);
  expect(words(essay)).toBeGreaterThan(100);
  expect(words(essay)).toBeLessThanOrEqual(650);
  await expect(page.getByText(new RegExp(`^\\s*Word count: ${words(essay)}/650`))).toBeVisible();
  await expect(page.getByRole('button', { name: 'Regenerate' })).toBeVisible();
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
