import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp } from './renderWithProviders.tsx';

// A page chunk that cannot be fetched (most often one removed by a newer deployment) rejects its import.
vi.mock('../../src/app/NotFoundPage.tsx', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

describe('a page that fails to load', () => {
  it('shows the error page with a way out, in place of a blank screen', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the caught error
    renderApp({ route: '/no-such-page' });
    expect(await screen.findByRole('heading', { name: 'Something went wrong loading this page' })).toBeVisible();
    expect(screen.getByText('Your answers are saved on this device. Reloading the page usually fixes this.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeEnabled();
  });
});
