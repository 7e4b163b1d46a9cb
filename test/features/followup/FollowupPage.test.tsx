import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { paths } from '../../../src/client-core/routes.ts';
import { sampleTopic, studentAt } from '../../app/fixtures.ts';
import { renderApp } from '../../app/renderWithProviders.tsx';

describe('/followup', () => {
  it('shows the selected prompt and topic, and records answers to the questions it has', async () => {
    const { store, user } = renderApp({
      route: paths.followup,
      preloadedState: {
        ...studentAt('followup'),
        followup: { followUpQuestions: ['What moment inspired you?'], followUpResponses: {} },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tell Us More About Your Topic' })).toBeInTheDocument();
    expect(screen.getByText(sampleTopic.prompt)).toBeInTheDocument();
    expect(screen.getByText(sampleTopic.idea)).toBeInTheDocument();

    await user.type(screen.getByLabelText('What moment inspired you?'), 'The last match.');
    expect(store.getState().followup.followUpResponses).toEqual({ 'What moment inspired you?': 'The last match.' });
    expect(screen.getByRole('link', { name: 'Back to Topics' })).toHaveAttribute('href', paths.topics);
  });
});
