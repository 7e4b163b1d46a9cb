// /colleges in the real app (router, store, the lazy page), found by role and label: a student adds colleges
// (listed by deadline, nearest first), removes one and undoes it, adds prompts and sees their suggested types,
// changes one, assigns stories and is told of a reuse group and of a story told twice, and of deadlines within a
// week; every control is labelled and axe finds nothing.
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

  it('opens the coach on a prompt and its word limit, and offers no coach for a prompt it cannot measure', async () => {
    fakeApi({ 'GET /api/coach/status': () => new Response(JSON.stringify({ model: null }), { headers: { 'content-type': 'application/json' } }) });
    const { user, store, router } = renderApp({ route: paths.colleges });
    await screen.findByRole('heading', { level: 1, name: 'Your colleges' });
    await addCollege(user, 'Rice University', 'Regular Decision', isoDay(60));
    await addPrompt(user, 'Rice University', 'Why Rice?', 150);
    await addPrompt(user, 'Rice University', 'What is your favourite word?', null);
    const rice = within(screen.getByRole('listitem', { name: 'Rice University' }));
    expect(rice.queryByRole('button', { name: 'Write prompt 2 with the coach' })).not.toBeInTheDocument();
    await user.click(rice.getByRole('button', { name: 'Write prompt 1 with the coach' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Write your own with the coach' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.coach);
    expect(store.getState().coach).toMatchObject({ kind: 'supplemental', prompt: 'Why Rice?', wordLimit: 150 });
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
