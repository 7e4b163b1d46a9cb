// The full-price Upgrade is a checkout path like the others: following it sends purchase_started with the
// price the server will charge there, through the browser's real analytics sinks to POST /api/events, where
// the dashboard's rollups count it by name.
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../src/app/store.ts';
import type { RootState } from '../../../src/app/store.ts';
import { createBrowserAnalytics } from '../../../src/features/analytics/index.ts';
import { UpgradeLink } from '../../../src/features/checkout/index.ts';
import { analyticsEventSchema } from '../../../src/common/analyticsEvents.ts';
import { fakeApi, json } from '../../app/fakeApi.ts';
import { renderWithProviders } from '../../app/renderWithProviders.tsx';

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
  const store = makeStore(free, { analytics: createBrowserAnalytics() });
  renderWithProviders(<UpgradeLink />, { store });
  const link = screen.getByRole('link', { name: /Upgrade/ });
  // A new tab opens on the server's redirect; jsdom does not navigate, the click's handler is what counts.
  link.addEventListener('click', (event) => event.preventDefault());
  fireEvent.click(link);
  await act(() => vi.advanceTimersByTimeAsync(5000));
  const sent = api.callsTo('POST /api/events').flatMap((call) => (JSON.parse(String(call.init.body)) as { events: unknown[] }).events);
  return sent.filter((event) => (event as { name: string }).name === 'purchase_started');
}

describe('the Upgrade link', () => {
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
