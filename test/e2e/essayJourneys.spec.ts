// Three students the essay has to serve: one with moderate answers (a full-length personal statement from
// about 170 words of their own), one who writes their own topic under the seventh prompt, and one with an
// almost empty profile, who is told what to add before anything is generated.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './support/seededStudent.ts';
import { fillProfile, grantPaid, type JourneyProfile, press, shownEssay, words } from './essayFlow.ts';
import { completeQuestionnaire } from './support/journey.ts';

/**
 * A new student's first try: five short but real insight answers and one activity, about 80 words in all
 * (with the three follow-up answers below, about 170 words of material).
 */
const HANA: JourneyProfile = {
  name: 'Hana Mori',
  email: 'hana@example.com',
  classRank: 'Top 25%',
  subjects: ['Mathematics', 'STEM'],
  collegeTypes: ['Research University'],
  activity: {
    category: 'Academic Clubs',
    role: 'Puzzle table organiser',
    description: 'Math club. I help run the Friday puzzle table and write the puzzles with two friends.',
  },
  insights: {
    'Tell us about something that made you really happy.': 'Finishing a string of 500 paper cranes with my grandmother for my cousin’s wedding.',
    'Who is someone you look up to, and why?': 'My grandmother, because she is patient with everyone, even me.',
    'Describe a time you messed up and what you learned from it.': 'I rushed a fold before a school show and tore the paper. Slow is faster.',
    'What do you love doing outside of school?': 'Outside school I fold origami, mostly cranes and frogs that jump.',
    'What is something you wish people knew about you?': 'I can fold a crane in under a minute.',
  },
};
const fillModerateProfile = (page: Page) => fillProfile(page, HANA.email, HANA);

const MODERATE_ANSWERS = [
  'The first time my grandmother let me fold the paper by myself. Her hands stayed in her lap the whole time, and she only nodded when the crane stood up.',
  'Her kitchen table had a yellow tablecloth and a jar of square paper. She hummed old songs while she folded, and the radio was always on in the corner.',
  'I tore the paper three times before I slowed down. Then the crane stood up on its own, and my grandmother said a fold you rush is a fold you redo.',
];

/** Answers the first three follow-up questions shown, then goes to /result. */
async function answerFollowUps(page: Page, answers: readonly string[]): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Tell Us More About Your Topic' })).toBeVisible();
  const boxes = page.getByRole('listitem').getByRole('textbox');
  await expect(boxes).toHaveCount(7);
  for (const [i, answer] of answers.entries()) await boxes.nth(i).fill(answer);
  await press(page.getByRole('button', { name: 'Generate Essay' }));
  await expect(page).toHaveURL(/\/result$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your College Essay' })).toBeVisible();
}

/** Once the plan is paid, /result writes the essay; this waits until it has finished streaming. */
async function paidEssay(page: Page, request: Parameters<typeof grantPaid>[1]): Promise<string> {
  await grantPaid(page, request);
  await expect(page.getByRole('button', { name: 'Edit Essay' })).toBeVisible({ timeout: 20_000 });
  return shownEssay(page);
}

test.describe('essays from the student’s own material', () => {
  test('moderate answers (about 170 words of material) give a personal statement of at least 250 words', async ({ page, request }) => {
    test.setTimeout(60_000);
    await fillModerateProfile(page);
    await press(page.getByRole('button', { name: 'Common App Personal Statement' }));
    await press(page.getByRole('button', { name: 'Generate Topics' }));
    await press(page.getByRole('group', { name: 'Prompt 5' }).getByRole('radio').first(), 'check');
    await press(page.getByRole('button', { name: 'Next' }));
    await answerFollowUps(page, MODERATE_ANSWERS);
    // About 170 words is under the stated minimum (one passage of that size gives a shorter draft), so the page
    // says the draft may be short; answers spread over many questions still reach 250, and then it says nothing.
    await expect(page.getByRole('status').filter({ hasText: 'Your draft needs more of your own words' })).toContainText('may be shorter');

    const essay = await paidEssay(page, request);
    expect(words(essay)).toBeGreaterThanOrEqual(250);
    expect(words(essay)).toBeLessThanOrEqual(650);
    await expect(page.getByText(new RegExp(`^\\s*Word count: ${words(essay)}/650\\s*$`))).toBeVisible();
    await expect(page.getByText(/below the 250-word minimum/)).toHaveCount(0);
    await expect(page.getByText('Your draft needs more of your own words')).toHaveCount(0);
    for (const detail of ['yellow tablecloth', 'grandmother', 'crane']) expect(essay).toContain(detail);
  });

  test('the seventh prompt: the student writes their own topic and the essay is about it @mobile', async ({ page, request }) => {
    test.setTimeout(60_000);
    await fillModerateProfile(page);
    await expect(page.getByText(/one of the seven Common App prompts/)).toBeVisible();
    await press(page.getByRole('button', { name: 'Common App Personal Statement' }));
    const seventh = page.getByRole('group', { name: 'Prompt 7' });
    await expect(seventh).toContainText('Share an essay on any topic of your choice.');
    // No suggestions are generated for it: the student names the topic.
    await press(seventh.getByRole('radio', { name: /Write about a topic of my own/ }), 'check');
    const next = page.getByRole('button', { name: 'Next' });
    await expect(next).toBeDisabled();
    const title = seventh.getByRole('textbox', { name: /Your topic title/ });
    await title.fill('?!');
    await title.blur();
    await expect(seventh.getByRole('alert')).toHaveText('Your topic title must contain at least two letters or digits.');
    await expect(next).toBeDisabled();
    await title.fill('The jar of square paper on my grandmother’s table');
    await seventh.getByRole('textbox', { name: /What your topic is about/ }).fill('Every square in that jar became a crane, a frog or a mistake. I learned to fold from the ones that tore.');
    await expect(seventh.getByRole('alert')).toHaveCount(0);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    await press(next);

    await expect(page.getByText('The jar of square paper on my grandmother’s table', { exact: true })).toBeVisible();
    // The first question asks why they chose it, naming their topic.
    await expect(page.getByRole('listitem').getByRole('textbox').first())
      .toHaveAccessibleName(/^Why did you choose “The jar of square paper on my grandmother’s table” as your topic/);
    await answerFollowUps(page, MODERATE_ANSWERS);

    const essay = await paidEssay(page, request);
    expect(essay).toContain('“The jar of square paper on my grandmother’s table.”');
    expect(essay).toContain('I learned to fold from the ones that tore.');
    expect(words(essay)).toBeGreaterThanOrEqual(250);
    expect(words(essay)).toBeLessThanOrEqual(650);
  });

  test('a near-empty profile is told what to add before generating', async ({ page, request }) => {
    test.setTimeout(60_000);
    await completeQuestionnaire(page, 'Sam Lee');
    await press(page.getByRole('button', { name: 'Common App Personal Statement' }));
    await press(page.getByRole('button', { name: 'Generate Topics' }));
    await press(page.getByRole('group', { name: 'Prompt 1' }).getByRole('radio').first(), 'check');
    await press(page.getByRole('button', { name: 'Next' }));
    await answerFollowUps(page, ['My dog.', 'Not much.', 'The park.']);

    // Before anything is generated (a free student sees no essay yet), the page names what to add.
    await expect(page.getByText('Your essay will appear here once it has been generated.')).toBeVisible();
    const notice = page.getByRole('status').filter({ hasText: 'Your draft needs more of your own words' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(/hold about \d+ words of your own writing, so the draft may be shorter than the 250-word minimum/);
    const toAdd = notice.getByRole('listitem');
    await expect(toAdd).toHaveText([
      /follow-up answer/,
      /Personal Insights answers/,
      /activity in Activities & Involvement/,
      /writing sample in Personal Insights/,
    ]);

    // Generated anyway, the draft is as long as the material allows and the count says it is short.
    const essay = await paidEssay(page, request);
    expect(words(essay)).toBeLessThan(250);
    await expect(page.getByText(/below the 250-word minimum/)).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Your draft needs more of your own words' })).toContainText('This draft is shorter than the 250-word minimum');
  });
});
