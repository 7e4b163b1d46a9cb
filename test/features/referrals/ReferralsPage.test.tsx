import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { paths } from '../../../src/client-core/routes.ts';
import { studentAt } from '../../app/fixtures.ts';
import { renderApp } from '../../app/renderWithProviders.tsx';

describe('/referrals', () => {
  it("is a coming-soon page whose 'Create Your Essay' goes to /form", async () => {
    const { router, user } = renderApp({ route: paths.referrals, preloadedState: studentAt('essay-type') });
    expect(await screen.findByRole('heading', { level: 1, name: 'Refer Friends, Earn Credit' })).toBeInTheDocument();
    expect(screen.getByText('Coming Soon')).toBeInTheDocument();
    expect(screen.getByText(/\$5–10 in credit/)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Create Your Essay' }));
    expect(await screen.findByRole('heading', { name: /Basic Information/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.form);
  });

  it('Go Back returns to the previous page', async () => {
    const { router, user } = renderApp({ route: paths.essayType, preloadedState: studentAt('essay-type') });
    await screen.findByRole('heading', { level: 1, name: 'Choose Your Essay Type' });
    await router.navigate(paths.referrals);
    await user.click(await screen.findByRole('button', { name: 'Go Back' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose Your Essay Type' })).toBeInTheDocument();
  });

  it('Go Back from a page opened directly stays in the app, at /essay-type', async () => {
    const { router, user } = renderApp({ route: paths.referrals, preloadedState: studentAt('essay-type') });
    await user.click(await screen.findByRole('button', { name: 'Go Back' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose Your Essay Type' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.essayType);
  });
});
