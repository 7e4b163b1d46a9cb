import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { paths } from '../../../src/client-core/routes.ts';
import { studentAt } from '../../app/fixtures.ts';
import { renderApp } from '../../app/renderWithProviders.tsx';

describe('/essay-type', () => {
  it("records 'Common App Personal Statement' and goes to /topics", async () => {
    const { store, router, user } = renderApp({ route: paths.essayType, preloadedState: studentAt('essay-type') });
    await user.click(await screen.findByRole('button', { name: 'Common App Personal Statement' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose Your Essay Topic' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.topics);
    expect(store.getState().essayType.essayType).toBe('personal');
  });

  it("records 'Supplemental Essays' and goes to /supplemental", async () => {
    const { store, router, user } = renderApp({ route: paths.essayType, preloadedState: studentAt('essay-type') });
    await user.click(await screen.findByRole('button', { name: 'Supplemental Essays' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Generate Supplemental Essay' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.supplemental);
    expect(store.getState().essayType.essayType).toBe('supplemental');
  });

  it("describes each choice and goes 'Back to Questions' to /form", async () => {
    const { router, user } = renderApp({ route: paths.essayType, preloadedState: studentAt('essay-type') });
    expect(await screen.findByRole('button', { name: 'Common App Personal Statement' }))
      .toHaveAccessibleDescription(/650 words/);
    await user.click(screen.getByRole('link', { name: 'Back to Questions' }));
    expect(await screen.findByRole('heading', { name: /Basic Information/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(paths.form);
  });
});
