// The full-price Upgrade is a checkout path like the others: pressing it sends purchase_started with the
// price the server will charge there, through the browser's real analytics sinks to POST /api/events, where
// the dashboard's rollups count it by name. It is a button posting a form to a new tab (starting a checkout
// changes state, so it is never a link), named as the link it replaced.
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../src/app/store.ts';
import type { RootState } from '../../../src/app/store.ts';
import { createBrowserAnalytics, startAnalytics } from '../../../src/features/analytics/startAnalytics.ts';
import { UpgradeButton } from '../../../src/features/checkout/index.ts';
import { analyticsEventSchema } from '../../../src/common/analytics/analyticsEvents.ts';
import { fakeApi, json } from '../../app/fakeApi.ts';
import { renderWithProviders } from '../../app/renderWithProviders.tsx';
import { EVENT_RULES } from '../analytics/eventRules.ts';

const free: Partial<RootState> = {
  session: { uid: 'anon_12345678', plan: 'free', status: 'succeeded', planStatus: 'succeeded', error: null },
};

afterEach(() => {
  localStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function followUpgrade() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const api = fakeApi({ 'POST /api/events': () => json({ accepted: 1, rejected: [] }) });
  const store = makeStore(free);
  startAnalytics(store, createBrowserAnalytics(), EVENT_RULES);
  renderWithProviders(<UpgradeButton />, { store });
  const button = screen.getByRole('button', { name: /Upgrade/ });
  // A new tab opens on the server's redirect; the tests' page opens no tab, the click's handler is what counts.
  button.closest('form')?.addEventListener('submit', (event) => event.preventDefault());
  fireEvent.click(button);
  await act(() => vi.advanceTimersByTimeAsync(5000));
  const sent = api.callsTo('POST /api/events').flatMap((call) => (JSON.parse(String(call.init.body)) as { events: unknown[] }).events);
  return sent.filter((event) => (event as { name: string }).name === 'purchase_started');
}

describe('the Upgrade button', () => {
  it('posts an empty form to POST /api/checkout/upgrade in a new tab, named as the link it replaced', () => {
    renderWithProviders(<UpgradeButton />, { store: makeStore(free) });
    // The tests' name computation drops the space before the visually hidden part; a browser keeps it.
    const button = screen.getByRole('button', { name: /^Upgrade ?\(opens in a new tab\)$/ });
    expect(button).toHaveTextContent('Upgrade (opens in a new tab)', { normalizeWhitespace: false });
    expect(button).toHaveAttribute('type', 'submit');
    expect(screen.queryByRole('link')).toBeNull();
    const form = button.closest('form') as HTMLFormElement;
    expect(form).toHaveAttribute('action', '/api/checkout/upgrade');
    expect(form.method).toBe('post');
    expect(form).toHaveAttribute('target', '_blank');
    expect(form).toHaveAttribute('rel', 'noopener');
    expect(form.elements).toHaveLength(1);
  });

  it('is not shown to a paid browser', () => {
    const paid = { session: { ...free.session!, plan: 'paid' as const } };
    renderWithProviders(<UpgradeButton />, { store: makeStore(paid) });
    expect(screen.queryByRole('button', { name: /Upgrade/ })).toBeNull();
  });

  it('sends purchase_started at the full price, in the shape the server accepts', async () => {
    const [started, ...more] = await followUpgrade();
    expect(more).toEqual([]);
    expect(analyticsEventSchema.safeParse(started).success).toBe(true);
    expect(started).toMatchObject({ name: 'purchase_started', params: { payment_method: 'card', value: 49, currency: 'USD' } });
  });

  it('reports the launch price when this browser holds its own launch code (the server applies it there too)', async () => {
    localStorage.setItem('essay_studio_discount_code', JSON.stringify({ code: 'LAUNCH2024-ABC123', savedAt: Date.now() }));
    const [started] = await followUpgrade();
    expect(started).toMatchObject({ params: { payment_method: 'card', value: 29, currency: 'USD' } });
  });
});
