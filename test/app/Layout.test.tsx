import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { paths } from '../../src/client-core/routes.ts';
import type { RootState } from '../../src/app/store.ts';
import { fakeApi, json } from './fakeApi.ts';
import { studentAt } from './fixtures.ts';
import { renderApp } from './renderWithProviders.tsx';

const session = (plan: 'free' | 'paid' | null): RootState['session'] => ({
  uid: 'anon_12345678', plan, status: 'succeeded', planStatus: plan ? 'succeeded' : 'idle', error: null,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/**
 * Fires an event until the app has reacted: the header's listeners attach in an effect that may run a
 * moment after the header first appears, and an event fired before that would simply be missed.
 */
const fireUntil = (fire: () => void, reacted: () => void) => waitFor(() => {
  fire();
  reacted();
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

    await fireUntil(() => fireEvent.focus(window), () => expect(within(header).getByText('Paid')).toBeInTheDocument());
    expect(within(header).queryByText('Free')).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/whoami').length).toBeGreaterThanOrEqual(1);
  });

  it('refetches the plan when the tab becomes visible again', async () => {
    fakeApi({ 'GET /api/whoami': () => json({ plan: 'paid' }) });
    renderApp({ route: paths.form, preloadedState: { session: session('free') } });
    await screen.findByRole('banner');
    await fireUntil(
      () => fireEvent(document, new Event('visibilitychange')),
      () => expect(screen.getByText('Paid')).toBeInTheDocument(),
    );
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
    await fireUntil(
      () => fireEvent(window, new Event('online')),
      () => expect(screen.getByText('Free')).toBeInTheDocument(),
    );
    expect(store.getState().session.uid).toBe('anon_12345678');
    // Once a session exists, coming online again only rereads the plan.
    expect(api.callsTo('POST /api/session')).toHaveLength(1);
  });

  it("moves focus to the new page's heading after a navigation, not on first load", async () => {
    const { user } = renderApp({ route: paths.essayType, preloadedState: studentAt('essay-type') });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Choose Your Essay Type' });
    expect(heading).not.toHaveFocus();
    await user.click(screen.getByRole('link', { name: 'Back to Questions' }));
    await screen.findByRole('heading', { name: /Basic Information/ });
    // Passive effects may run just after the commit that showed the page.
    await waitFor(() => expect(within(screen.getByRole('main')).getByRole('heading', { level: 1 })).toHaveFocus());
  });

  it('has a main landmark and a skip link to it', async () => {
    renderApp({ route: paths.form });
    expect(await screen.findByRole('main')).toHaveAttribute('id', 'main');
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
  });
});
