import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { paths } from '../../../src/client-core/routes.ts';
import { COMMON_APP_PROMPTS, OWN_TOPIC_PROMPT } from '../../../src/common/essay/prompts.ts';
import { studentAt } from '../../app/fixtures.ts';
import { renderApp } from '../../app/renderWithProviders.tsx';

const withSuggestions = () => ({
  ...studentAt('topics'),
  topics: {
    selectedTopic: null,
    topicSuggestions: { '4': [{ title: 'My neighbour’s garden', description: 'Gratitude for a summer of tomatoes.' }] },
  },
});

describe('/topics', () => {
  it('lists the six Common App prompts, then the seventh', async () => {
    renderApp({ route: paths.topics, preloadedState: studentAt('topics') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose Your Essay Topic' })).toBeInTheDocument();
    for (const [number, prompt] of Object.entries(COMMON_APP_PROMPTS)) {
      const group = screen.getByRole('group', { name: `Prompt ${number}` });
      expect(within(group).getByText(prompt)).toBeInTheDocument();
    }
    const groups = screen.getAllByRole('group', { name: /^Prompt \d$/ });
    expect(groups.map((group) => group.querySelector('legend')?.textContent)).toEqual(['1', '2', '3', '4', '5', '6', '7'].map((n) => `Prompt ${n}`));
    expect(within(groups[6]!).getByText(OWN_TOPIC_PROMPT)).toBeInTheDocument();
    expect(screen.getByText(/seven Common App prompts/)).toBeInTheDocument();
  });

  it('takes a topic of the student’s own under prompt 7, with Next waiting for a title the server accepts', async () => {
    const { store, router, user } = renderApp({ route: paths.topics, preloadedState: withSuggestions() });
    const next = await screen.findByRole('button', { name: 'Next' });
    const seventh = screen.getByRole('group', { name: 'Prompt 7' });
    expect(within(seventh).queryByRole('textbox')).toBeNull();

    await user.click(within(seventh).getByRole('radio', { name: /Write about a topic of my own/ }));
    expect(store.getState().topics.selectedTopic).toEqual({ prompt: OWN_TOPIC_PROMPT, idea: '', description: '' });
    expect(next).toBeDisabled();

    const title = within(seventh).getByRole('textbox', { name: /Your topic title/ });
    await user.type(title, '!!');
    await user.tab();
    expect(await within(seventh).findByRole('alert')).toHaveTextContent('Your topic title must contain at least two letters or digits.');
    expect(next).toBeDisabled();

    await user.clear(title);
    await user.type(title, 'Fixing bikes on our front steps');
    await user.type(within(seventh).getByRole('textbox', { name: /What your topic is about \(optional\)/ }), 'Every Saturday, a dollar a tire.');
    expect(within(seventh).queryByRole('alert')).toBeNull();
    expect(store.getState().topics.selectedTopic).toEqual({
      prompt: OWN_TOPIC_PROMPT, idea: 'Fixing bikes on our front steps', description: 'Every Saturday, a dollar a tire.',
    });
    expect(next).toBeEnabled();

    // A suggestion replaces it; coming back to prompt 7 brings the student's words back.
    await user.click(screen.getByRole('radio', { name: /My neighbour’s garden/ }));
    expect(within(seventh).queryByRole('textbox')).toBeNull();
    await user.click(within(seventh).getByRole('radio', { name: /Write about a topic of my own/ }));
    expect(store.getState().topics.selectedTopic?.idea).toBe('Fixing bikes on our front steps');

    await user.click(next);
    expect(await screen.findByRole('heading', { level: 1, name: 'Tell Us More About Your Topic' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.followup);
    expect(screen.getByText('Fixing bikes on our front steps')).toBeInTheDocument();
  });

  it('shows why a title is refused when it is not one line or stacks marks, and takes one padded with invisible characters', async () => {
    const { store, user } = renderApp({ route: paths.topics, preloadedState: withSuggestions() });
    const next = await screen.findByRole('button', { name: 'Next' });
    const seventh = screen.getByRole('group', { name: 'Prompt 7' });
    await user.click(within(seventh).getByRole('radio', { name: /Write about a topic of my own/ }));
    const title = within(seventh).getByRole('textbox', { name: /Your topic title/ });

    await user.click(title);
    await user.paste('Zalgo bus q\u0301\u0302\u0303\u0304');
    await user.tab();
    expect(await within(seventh).findByRole('alert')).toHaveTextContent('Your topic title must not stack more than 3 accents or marks on one character.');
    expect(next).toBeDisabled();

    await user.clear(title);
    await user.paste('My brother\u2028and the bus');
    expect(within(seventh).getByRole('alert')).toHaveTextContent('Your topic title must be one line of text.');
    expect(next).toBeDisabled();

    // Invisible padding is no fault of the student's: the server drops it, so the page takes the title.
    await user.clear(title);
    await user.paste('\u202eMy brother\u200b and the bus\u2066');
    expect(within(seventh).queryByRole('alert')).toBeNull();
    expect(next).toBeEnabled();
    // What the student typed is kept as typed; the server normalises what it quotes.
    expect(store.getState().topics.selectedTopic?.idea).toBe('\u202eMy brother\u200b and the bus\u2066');

    await user.clear(title);
    await user.paste('\u200b\u202e');
    expect(within(seventh).getByRole('alert')).toHaveTextContent('Your topic title is required: write the topic of your essay in a few words.');
    expect(next).toBeDisabled();
  });

  it('keeps Next disabled until a topic is chosen, then goes to /followup', async () => {
    const { store, router, user } = renderApp({ route: paths.topics, preloadedState: withSuggestions() });
    const next = await screen.findByRole('button', { name: 'Next' });
    expect(next).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: /My neighbour’s garden/ }));
    expect(store.getState().topics.selectedTopic).toEqual({
      prompt: COMMON_APP_PROMPTS['4'], idea: 'My neighbour’s garden', description: 'Gratitude for a summer of tomatoes.',
    });
    expect(next).toBeEnabled();
    await user.click(next);
    expect(await screen.findByRole('heading', { level: 1, name: 'Tell Us More About Your Topic' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.followup);
  });

  it("goes 'Back to Essay Type'", async () => {
    renderApp({ route: paths.topics, preloadedState: studentAt('topics') });
    expect(await screen.findByRole('link', { name: 'Back to Essay Type' })).toHaveAttribute('href', paths.essayType);
  });
});
