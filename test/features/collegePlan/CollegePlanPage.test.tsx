// /colleges in the real app (router, store, the lazy page), found by role and label: a student adds colleges
// (listed by deadline, nearest first), removes one and undoes it, adds prompts and sees their suggested types,
// changes one, assigns stories and is told of a reuse group and of a story told twice, and of deadlines within a
// week; takes stories from what the student already told the app and is told when a prompt retells the personal
// statement; writes prompts with the coach, whose page lists the list's prompts and their drafts; every control is
// labelled and axe finds nothing.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { paths } from '../../../src/client-core/routes.ts';
import { renderApp } from '../../app/renderWithProviders.tsx';
import { fakeApi } from '../../app/fakeApi.ts';

type User = ReturnType<typeof renderApp>['user'];

const isoDay = (offsetDays: number): string => {
  const day = new Date();
  day.setDate(day.getDate() + offsetDays);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
};

async function addCollege(user: User, name: string, round: string, deadline: string) {
  const form = screen.getByRole('form', { name: 'Add a college' });
  await user.type(within(form).getByRole('textbox', { name: /College name/ }), name);
  await user.selectOptions(within(form).getByRole('combobox', { name: 'Application round' }), round);
  await user.type(within(form).getByLabelText(/Deadline/), deadline);
  await user.click(within(form).getByRole('button', { name: 'Add a college' }));
}

async function addPrompt(user: User, college: string, text: string, limit: number | null) {
  const form = screen.getByRole('form', { name: `Add a prompt for ${college}` });
  await user.click(within(form).getByRole('textbox', { name: /Prompt/ }));
  await user.paste(text);
  if (limit === null) await user.click(within(form).getByRole('checkbox', { name: 'No limit' }));
  else await user.type(within(form).getByRole('spinbutton', { name: /Word limit/ }), String(limit));
  await user.click(within(form).getByRole('button', { name: 'Add a prompt' }));
}

describe('/colleges', () => {
  it('lists colleges by deadline, suggests prompt types, groups reusable prompts and flags a story told twice', async () => {
    fakeApi({});
    const { user, store } = renderApp({ route: paths.colleges });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your colleges' })).toBeInTheDocument();

    await addCollege(user, 'Rice University', 'Regular Decision', isoDay(60));
    await addCollege(user, 'Tufts University', 'Early Decision', isoDay(3));
    const colleges = screen.getByRole('list', { name: 'Your colleges' });
    expect(within(colleges).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Tufts University', 'Rice University']);
    const soon = screen.getByRole('list', { name: 'Deadlines within 7 days' });
    expect(soon).toHaveTextContent('Tufts University: Early Decision deadline in 3 days');

    await user.click(screen.getByRole('button', { name: 'Remove Rice University' }));
    expect(screen.queryByRole('heading', { name: 'Rice University' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getByRole('heading', { name: 'Rice University' })).toBeInTheDocument();

    await addPrompt(user, 'Tufts University', 'Which aspects of the Tufts undergraduate experience prompt your application? In short: "Why Tufts?"', 150);
    await addPrompt(user, 'Tufts University', 'Describe a community you belong to.', 250);
    await addPrompt(user, 'Rice University', 'Why Rice?', 150);
    await addPrompt(user, 'Rice University', 'What is your favourite word?', null);
    const tufts = within(screen.getByRole('listitem', { name: 'Tufts University' }));
    expect(tufts.getByRole('listitem', { name: 'Prompt 1' })).toHaveTextContent('Suggested type: Why us.');
    expect(tufts.getByRole('listitem', { name: 'Prompt 2' })).toHaveTextContent('Suggested type: Community.');
    const rice = within(screen.getByRole('listitem', { name: 'Rice University' }));
    expect(rice.getByRole('listitem', { name: 'Prompt 2' })).toHaveTextContent('No limit');

    const group = screen.getByRole('group', { name: 'Why us reuse group' });
    expect(group).toHaveTextContent('Reuse group: write one core draft, then adapt it');
    expect(within(group).getAllByRole('listitem')).toHaveLength(2);

    // The student's choice of type wins, and the grid follows it.
    await user.selectOptions(rice.getByRole('combobox', { name: 'Type of prompt 2' }), 'Identity and background');
    expect(rice.getByRole('listitem', { name: 'Prompt 2' })).toHaveTextContent('You chose Identity and background.');
    const grid = screen.getByRole('table');
    expect(within(grid).getAllByRole('row').at(-1)).toHaveTextContent('Identity and background');

    const bank = screen.getByRole('form', { name: 'Add a story' });
    await user.type(within(bank).getByRole('textbox', { name: /Story title/ }), 'Fixing bikes on the front steps');
    await user.click(within(bank).getByRole('button', { name: 'Add a story' }));
    await user.selectOptions(tufts.getByRole('combobox', { name: 'Story for prompt 1' }), 'Fixing bikes on the front steps');
    await user.selectOptions(tufts.getByRole('combobox', { name: 'Story for prompt 2' }), 'Fixing bikes on the front steps');
    expect(tufts.getByRole('listitem', { name: 'Prompt 2' })).toHaveTextContent('Tells the same story as “Which aspects of the Tufts');

    await user.selectOptions(tufts.getByRole('combobox', { name: 'Status of prompt 1' }), 'Done');
    expect(store.getState().collegePlan.document.colleges[1]!.prompts[0]).toMatchObject({ status: 'done', suggestedType: 'whyUs', chosenType: null });
    expect(screen.getByText(/Your college list takes \d+ KB of the 512 KB it may take\./)).toBeInTheDocument();
    expect((await axe.run(document.body)).violations).toEqual([]);
  });

  it('offers stories from the personal statement, the questionnaire, the follow-up and the coach, and says when a prompt retells the personal statement', async () => {
    fakeApi({});
    const { user, store } = renderApp({
      route: paths.colleges,
      preloadedState: {
        topics: { topicSuggestions: {}, selectedTopic: { prompt: '2', idea: 'Rebuilding the robot arm', description: 'The night it snapped.' } },
        followup: { followUpQuestions: ['What did you learn?'], followUpResponses: { 'What did you learn?': 'Test before you trust. Always.' } },
        coach: { kind: 'personal', prompt: '', wordLimit: 250, draft: 'Saturdays at the Eastside library.\nThe kids wanted games.' },
      },
    });
    await screen.findByRole('heading', { level: 1, name: 'Your colleges' });
    const offered = screen.getByRole('list', { name: 'From what you told us' });
    expect(within(offered).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Rebuilding the robot arm: The night it snapped\. \(Your personal statement’s topic\)/),
      expect.stringMatching(/^Test before you trust\.: Test before you trust\. Always\. \(From your follow-up answers\)/),
      expect.stringMatching(/^Saturdays at the Eastside library\.: Saturdays at the Eastside library\. The kids wanted games\. \(From your drafts with the coach\)/),
    ]);
    await user.click(within(offered).getByRole('button', { name: 'Add story Rebuilding the robot arm' }));
    await user.click(within(offered).getByRole('button', { name: 'Add story Test before you trust.' }));
    expect(store.getState().collegePlan.document.stories.map(({ title, source }) => [title, source])).toEqual([
      ['Rebuilding the robot arm', 'personalStatement'], ['Test before you trust.', 'followUp'],
    ]);
    expect(within(screen.getByRole('list', { name: 'Your stories' })).getAllByRole('listitem')).toHaveLength(2);

    await addCollege(user, 'Rice University', 'Regular Decision', isoDay(60));
    await addPrompt(user, 'Rice University', 'Why Rice?', 150);
    const rice = within(screen.getByRole('listitem', { name: 'Rice University' }));
    await user.selectOptions(rice.getByRole('combobox', { name: 'Story for prompt 1' }), 'Rebuilding the robot arm');
    expect(rice.getByRole('note')).toHaveTextContent('Tells the same story as your personal statement: Rebuilding the robot arm.');

    // The student's own story: a title of two lines is refused with the rule's reason, not mended behind their back.
    const bank = screen.getByRole('form', { name: 'Add a story' });
    await user.click(within(bank).getByRole('button', { name: 'Add a story' }));
    expect(within(bank).getByText('Give the story a title.')).toBeInTheDocument();
    await user.type(within(bank).getByRole('textbox', { name: /Story title/ }), 'x'.repeat(121));
    await user.click(within(bank).getByRole('button', { name: 'Add a story' }));
    expect(within(bank).getByText('Keep the title to 120 characters.')).toBeInTheDocument();
    expect(store.getState().collegePlan.document.stories).toHaveLength(2);
    expect((await axe.run(document.body)).violations).toEqual([]);
  });

  it('opens the coach on a prompt and its word limit', async () => {
    fakeApi({ 'GET /api/coach/status': () => new Response(JSON.stringify({ model: null }), { headers: { 'content-type': 'application/json' } }) });
    const { user, store, router } = renderApp({ route: paths.colleges });
    await screen.findByRole('heading', { level: 1, name: 'Your colleges' });
    await addCollege(user, 'Rice University', 'Regular Decision', isoDay(60));
    await addPrompt(user, 'Rice University', 'Why Rice?', 150);
    const rice = within(screen.getByRole('listitem', { name: 'Rice University' }));
    await user.click(rice.getByRole('button', { name: 'Write prompt 1 with the coach' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Write your own with the coach' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.coach);
    expect(store.getState().coach).toMatchObject({ kind: 'supplemental', prompt: 'Why Rice?', wordLimit: 150 });
  });

  it('offers the coach for a prompt with no limit and one of 30 words, and the coach says "no length check"', async () => {
    fakeApi({ 'GET /api/coach/status': () => new Response(JSON.stringify({ model: null }), { headers: { 'content-type': 'application/json' } }) });
    const { user, store } = renderApp({ route: paths.colleges });
    await screen.findByRole('heading', { level: 1, name: 'Your colleges' });
    await addCollege(user, 'Rice University', 'Regular Decision', isoDay(60));
    await addPrompt(user, 'Rice University', 'In one sentence, what do you make?', 30);
    await addPrompt(user, 'Rice University', 'What is your favourite word?', null);
    const promptId = store.getState().collegePlan.document.colleges[0]!.prompts[1]!.id;
    const rice = within(screen.getByRole('listitem', { name: 'Rice University' }));
    expect(rice.getByRole('button', { name: 'Write prompt 1 with the coach' })).toBeInTheDocument();
    await user.click(rice.getByRole('button', { name: 'Write prompt 2 with the coach' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Write your own with the coach' })).toBeInTheDocument();
    expect(store.getState().coach).toMatchObject({ kind: 'supplemental', prompt: 'What is your favourite word?', wordLimit: null, promptId });
    expect(screen.getByRole('checkbox', { name: 'No length check' })).toBeChecked();
    expect(screen.queryByRole('spinbutton', { name: /Word limit/ })).not.toBeInTheDocument();
    expect(screen.getByText('Word limit: no length check.')).toBeInTheDocument();
    const choice = screen.getByRole('combobox', { name: 'Prompt on your college list' });
    expect(within(choice).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Rice University, prompt 1: In one sentence, what do you make? (30 words)', 'Rice University, prompt 2: What is your favourite word? (no length check)',
    ]);
    await user.type(screen.getByRole('textbox', { name: /Your draft/ }), 'Gallimaufry, because my grandmother says it about her kitchen drawer.');
    expect(screen.getByText(/^10 words, no length check$/)).toBeInTheDocument();
    expect(await screen.findByText(/^10 words, no length check\./, {}, { timeout: 5000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save this revision' }));
    expect(Object.keys(store.getState().coach.versions ?? {})).toEqual([`coach-prompt-${promptId}`]);
    expect((await axe.run(document.body)).violations).toEqual([]);

    // The 30-word prompt: its limit, in the field that takes 25 to 1,000.
    await user.selectOptions(choice, 'Rice University, prompt 1: In one sentence, what do you make? (30 words)');
    expect(store.getState().coach).toMatchObject({ wordLimit: 30 });
    expect(screen.getByRole('checkbox', { name: 'No length check' })).not.toBeChecked();
    expect(screen.getByRole('spinbutton', { name: /Word limit/ })).toHaveValue(30);
  });

  it('keeps a prompt\'s coach drafts under its id, and shows the prompt as Drafting once one is saved', async () => {
    fakeApi({ 'GET /api/coach/status': () => new Response(JSON.stringify({ model: null }), { headers: { 'content-type': 'application/json' } }) });
    const { user, store, router } = renderApp({ route: paths.colleges });
    await screen.findByRole('heading', { level: 1, name: 'Your colleges' });
    await addCollege(user, 'Rice University', 'Regular Decision', isoDay(60));
    await addPrompt(user, 'Rice University', 'Why Rice?', 150);
    const promptId = store.getState().collegePlan.document.colleges[0]!.prompts[0]!.id;
    await user.click(screen.getByRole('button', { name: 'Write prompt 1 with the coach' }));
    await user.type(await screen.findByRole('textbox', { name: /Your draft/ }), 'The lab on the third floor of Rice.');
    await user.click(screen.getByRole('button', { name: 'Save this revision' }));
    expect(Object.keys(store.getState().coach.versions ?? {})).toEqual([`coach-prompt-${promptId}`]);
    await router.navigate(paths.colleges);
    const rice = within(await screen.findByRole('listitem', { name: 'Rice University' }));
    expect(rice.getByRole('combobox', { name: 'Status of prompt 1' })).toHaveValue('drafting');
    expect(rice.getByText(/1 draft saved/)).toBeInTheDocument();
    expect(within(screen.getByRole('table')).getByRole('cell', { name: 'Drafting' })).toBeInTheDocument();
    await user.selectOptions(rice.getByRole('combobox', { name: 'Status of prompt 1' }), 'Done');
    expect(rice.getByRole('combobox', { name: 'Status of prompt 1' })).toHaveValue('done');
  });

  it('lists the college list\'s prompts on the coach page with their drafts, and keeps writing under the prompt\'s id when its text is edited there', async () => {
    fakeApi({ 'GET /api/coach/status': () => new Response(JSON.stringify({ model: null }), { headers: { 'content-type': 'application/json' } }) });
    const { user, store, router } = renderApp({ route: paths.colleges });
    await screen.findByRole('heading', { level: 1, name: 'Your colleges' });
    await addCollege(user, 'Rice University', 'Regular Decision', isoDay(60));
    await addPrompt(user, 'Rice University', 'Why Rice?', 150);
    await addPrompt(user, 'Rice University', 'Describe a community you belong to.', 250);
    await addPrompt(user, 'Rice University', 'What is your favourite word?', null);
    const [whyRice, community] = store.getState().collegePlan.document.colleges[0]!.prompts;
    await user.click(screen.getByRole('button', { name: 'Write prompt 1 with the coach' }));

    expect(await screen.findByRole('radio', { name: 'A prompt on your college list' })).toBeChecked();
    const choice = screen.getByRole('combobox', { name: 'Prompt on your college list' });
    // Every prompt, the one with no limit reviewed with no length check.
    expect(within(choice).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Rice University, prompt 1: Why Rice? (150 words)', 'Rice University, prompt 2: Describe a community you belong to. (250 words)',
      'Rice University, prompt 3: What is your favourite word? (no length check)',
    ]);
    await user.type(screen.getByRole('textbox', { name: /Your draft/ }), 'The lab on the third floor of Rice.');
    await user.click(screen.getByRole('button', { name: 'Save this revision' }));
    // The prompt's text edited here: the next revision is still the prompt's.
    await user.type(screen.getByRole('textbox', { name: /The college's prompt/ }), ' Be specific.');
    await user.type(screen.getByRole('textbox', { name: /Your draft/ }), ' And its robots.');
    await user.click(screen.getByRole('button', { name: 'Save this revision' }));
    expect(Object.keys(store.getState().coach.versions ?? {})).toEqual([`coach-prompt-${whyRice!.id}`]);
    expect(within(screen.getByRole('list', { name: 'Saved revisions' })).getAllByRole('listitem')).toHaveLength(2);

    await user.selectOptions(choice, 'Rice University, prompt 2: Describe a community you belong to. (250 words)');
    expect(store.getState().coach).toMatchObject({ kind: 'supplemental', prompt: 'Describe a community you belong to.', wordLimit: 250, promptId: community!.id });
    expect(screen.queryByRole('list', { name: 'Saved revisions' })).not.toBeInTheDocument();
    await user.selectOptions(choice, 'Rice University, prompt 1: Why Rice? (150 words)');
    expect(within(screen.getByRole('list', { name: 'Saved revisions' })).getAllByRole('listitem')).toHaveLength(2);
    expect((await axe.run(document.body)).violations).toEqual([]);

    await user.click(screen.getByRole('radio', { name: 'Supplemental answer' }));
    expect(store.getState().coach.promptId).toBeUndefined();
    expect(screen.queryByRole('combobox', { name: 'Prompt on your college list' })).not.toBeInTheDocument();

    await router.navigate(paths.colleges);
    const rice = within(await screen.findByRole('listitem', { name: 'Rice University' }));
    expect(rice.getByRole('listitem', { name: 'Prompt 1' })).toHaveTextContent('2 drafts saved');
    expect(rice.getByRole('listitem', { name: 'Prompt 1' })).toHaveTextContent('Why Rice?');
  });

  it('keeps the coach on a prompt removed from the college list, saying so, until the student chooses another essay', async () => {
    fakeApi({ 'GET /api/coach/status': () => new Response(JSON.stringify({ model: null }), { headers: { 'content-type': 'application/json' } }) });
    const { user, store } = renderApp({
      route: paths.coach,
      preloadedState: { coach: { kind: 'supplemental', prompt: 'Why Rice?', wordLimit: 150, draft: '', promptId: 'gone0000gone0000' } },
    });
    const choice = await screen.findByRole('combobox', { name: 'Prompt on your college list' });
    expect(choice).toHaveValue('gone0000gone0000');
    expect(within(choice).getAllByRole('option').map((option) => option.textContent)).toEqual(['No longer on your college list: Why Rice?']);
    await user.click(screen.getByRole('radio', { name: 'Personal statement (650 words)' }));
    expect(store.getState().coach.promptId).toBeUndefined();
    // With no prompt on the college list, the choice is not offered.
    expect(screen.queryByRole('radio', { name: 'A prompt on your college list' })).not.toBeInTheDocument();
  });

  it('says what is wrong with an impossible deadline or a prompt over 1,500 characters, and adds nothing', async () => {
    fakeApi({});
    const { user, store } = renderApp({ route: paths.colleges });
    await screen.findByRole('heading', { level: 1, name: 'Your colleges' });
    await user.click(screen.getByRole('button', { name: 'Add a college' }));
    expect(screen.getByText('Enter the college’s name.')).toBeInTheDocument();
    expect(screen.getByText('Enter the deadline.')).toBeInTheDocument();
    await addCollege(user, 'Yale', 'Regular Decision', isoDay(40));
    await addPrompt(user, 'Yale', 'x'.repeat(1501), 200);
    expect(screen.getByText('Keep the prompt to 1,500 characters.')).toBeInTheDocument();
    await addPrompt(user, 'Yale', '', 24);
    expect(screen.getByText('Enter a whole number from 25 to 1,000, or choose No limit.')).toBeInTheDocument();
    expect(store.getState().collegePlan.document.colleges[0]!.prompts).toEqual([]);
  });
});
