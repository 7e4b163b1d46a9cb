import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { paths } from '../../src/client-core/routes.ts';
import { studentAt } from './fixtures.ts';
import { renderApp } from './renderWithProviders.tsx';

describe('StepGuard', () => {
  it.each([paths.result, paths.topics, paths.essayType, paths.followup, paths.supplemental, paths.referrals])(
    'sends a new student who opens %s to /form, replacing the history entry',
    async (path) => {
      const { router } = renderApp({ route: path });
      expect(await screen.findByRole('heading', { name: /Basic Information/ })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(paths.form);
      expect(router.state.historyAction).toBe('REPLACE');
    },
  );

  it('sends a blocked student to the furthest step they may enter, not back to the start', async () => {
    const { router } = renderApp({ route: paths.result, preloadedState: studentAt('topics') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose Your Essay Topic' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.topics);
  });

  it('lets a student in where the guard allows', async () => {
    const { router } = renderApp({ route: paths.followup, preloadedState: studentAt('followup') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tell Us More About Your Topic' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.followup);
  });

  it('treats a trailing slash like the route itself', async () => {
    const { router } = renderApp({ route: '/topics/' });
    await screen.findByRole('heading', { name: /Basic Information/ });
    expect(router.state.location.pathname).toBe(paths.form);
  });
});

describe('routes', () => {
  it('shows a 404 page with a link home for an unknown path', async () => {
    renderApp({ route: '/no-such-page' });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });

  it('renders /thank-you outside the layout, with the error state at once without a session_id', async () => {
    renderApp({ route: paths.thankYou });
    expect(await screen.findByRole('heading', { name: 'We couldn’t verify your payment' })).toBeInTheDocument();
    expect(screen.getByText('Please refresh this page or contact support.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Progress' })).not.toBeInTheDocument();
  });
});
