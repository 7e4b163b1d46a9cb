// The questionnaire inside the app's own route table: layout, StepGuard and the lazy-loaded pages.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../app/renderWithProviders.tsx';
import { passingProfile, storeStep } from './fixtures.ts';

describe('/form in the app', () => {
  it('a new student types steps 1–3 and Continue passes the guard of /essay-type', async () => {
    const { user, router } = renderApp({ route: '/form' });
    await user.type(await screen.findByRole('textbox', { name: /full name/i }), 'Maya Chen');
    await user.type(screen.getByRole('textbox', { name: /email/i }), 'maya@example.com');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.selectOptions(screen.getByRole('combobox', { name: /class rank/i }), 'Top 25%');
    await user.click(screen.getByRole('checkbox', { name: 'History' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('checkbox', { name: 'Public University' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose Your Essay Type' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/essay-type');
  });

  it('a reload on step 3 opens step 3 with the answers the store holds', async () => {
    storeStep(2);
    renderApp({ route: '/form', preloadedState: { wizard: passingProfile() } });
    expect(await screen.findByRole('heading', { level: 2, name: 'Step 3 of 5: College Goals' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Research University' })).toBeChecked();
  });
});
