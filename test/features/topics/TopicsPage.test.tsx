import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { paths } from '../../../src/shared-client/routes.ts';
import { COMMON_APP_PROMPTS } from '../../../src/shared/constants.ts';
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
  it('lists the six Common App prompts', async () => {
    renderApp({ route: paths.topics, preloadedState: studentAt('topics') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose Your Essay Topic' })).toBeInTheDocument();
    for (const [number, prompt] of Object.entries(COMMON_APP_PROMPTS)) {
      const group = screen.getByRole('group', { name: `Prompt ${number}` });
      expect(within(group).getByText(prompt)).toBeInTheDocument();
    }
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
