import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { paths } from '../../src/app/routes.ts';
import type { RootState } from '../../src/app/store.ts';
import { fakeApi, json } from './fakeApi.ts';
import { studentAt } from './fixtures.ts';
import { renderApp } from './renderWithProviders.tsx';

const session = (plan: 'free' | 'paid' | null): RootState['session'] => ({
  uid: 'anon_12345678', plan, status: 'succeeded', planStatus: plan ? 'succeeded' : 'idle', syncStatus: 'device', error: null,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Layout header', () => {
  it('links the brand name home and shows the five progress steps in order', async () => {
    renderApp({ route: paths.essayType, preloadedState: { ...studentAt('essay-type'), session: session('free') } });
    const header = await screen.findByRole('banner');
    expect(within(header).getByRole('link', { name: 'Essay Studio' })).toHaveAttribute('href', '/');
    const steps = within(within(header).getByRole('navigation', { name: 'Progress' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual(
      ['1Information', '2Essay Type', '3Topics', '4Follow-up', '5Result'],
    );
  });

  it('marks the current step and makes a step a link only when it may be entered', async () => {
    renderApp({ route: paths.essayType, preloadedState: { ...studentAt('essay-type'), session: session('free') } });
    const nav = await screen.findByRole('navigation', { name: 'Progress' });
    expect(within(nav).getByRole('link', { name: /Information/ })).toHaveAttribute('href', paths.form);
    const current = within(nav).getByRole('link', { name: /Essay Type/ });
    expect(current).toHaveAttribute('aria-current', 'step');
    expect(within(nav).queryByRole('link', { name: /Topics/ })).not.toBeInTheDocument();
    expect(within(nav).getByText('Topics')).toBeVisible();
    expect(within(nav).getAllByRole('link')).toHaveLength(2);
  });

  it('shows Free, then Paid once the tab regains focus after a purchase elsewhere', async () => {
    const api = fakeApi({ 'GET /api/whoami': () => json({ plan: 'paid' }) });
    renderApp({ route: paths.form, preloadedState: { session: session('free') } });
    const header = await screen.findByRole('banner');
    expect(within(header).getByText('Free')).toBeInTheDocument();

    await act(async () => {
      fireEvent.focus(window);
    });
    expect(await within(header).findByText('Paid')).toBeInTheDocument();
    expect(within(header).queryByText('Free')).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/whoami')).toHaveLength(1);
  });

  it('refetches the plan when the tab becomes visible again', async () => {
    const api = fakeApi({ 'GET /api/whoami': () => json({ plan: 'paid' }) });
    renderApp({ route: paths.form, preloadedState: { session: session('free') } });
    await screen.findByRole('banner');
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(await screen.findByText('Paid')).toBeInTheDocument();
    expect(api.callsTo('GET /api/whoami')).toHaveLength(1);
  });

  it('shows no badge until the plan is known', async () => {
    renderApp({ route: paths.form, preloadedState: { session: session(null) } });
    await screen.findByRole('banner');
    expect(screen.queryByText('Free')).not.toBeInTheDocument();
    expect(screen.queryByText('Paid')).not.toBeInTheDocument();
  });

  it('starts a session when the connection comes back after starting offline', async () => {
    const api = fakeApi({
      'POST /api/session': () => json({ uid: 'anon_12345678' }),
      'GET /api/whoami': () => json({ plan: 'free' }),
    });
    const { store } = renderApp({
      route: paths.form,
      preloadedState: { session: { ...session(null), uid: null, status: 'failed' } },
    });
    await screen.findByRole('banner');
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('Free')).toBeInTheDocument();
    expect(store.getState().session.uid).toBe('anon_12345678');
    expect(api.callsTo('POST /api/session')).toHaveLength(1);
  });

  it('has a main landmark and a skip link to it', async () => {
    renderApp({ route: paths.form });
    expect(await screen.findByRole('main')).toHaveAttribute('id', 'main');
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
  });
});
