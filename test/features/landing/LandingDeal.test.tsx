import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LandingDeal } from '../../../src/features/landing/LandingDeal.tsx';
import { analyticsEventSchema } from '../../../src/common/analytics/analyticsEvents.ts';
import { LANDING_POPUP_SHOWN_KEY } from '../../../src/client-core/popupTriggers.ts';
import { fakeApi, json } from '../../app/fakeApi.ts';
import { CONDITION_WAIT } from '../../setup/conditionWait.ts';

/** The events the landing page sent to POST /api/events, as the server will parse them (fetch is the boundary). */
const sentEvents = (api: ReturnType<typeof fakeApi>) => api.callsTo('POST /api/events').map((call) => {
  // Kept alive: the request still leaves when the student goes on to another page.
  expect(call.init.keepalive).toBe(true);
  return call.init.body;
}).flatMap((body) => (JSON.parse(body as string) as { events: unknown[] }).events);

describe('LandingDeal', () => {
  let api: ReturnType<typeof fakeApi>;
  beforeEach(() => {
    sessionStorage.clear();
    api = fakeApi({ 'POST /api/events': () => json({ accepted: 1, rejected: [] }) });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('reports the popup opened by its button as discount_popup_shown, in the contract the server checks', async () => {
    render(<LandingDeal />);
    await userEvent.click(screen.getByRole('button', { name: 'Save More Than 40% - Get Deal' }));
    await vi.waitFor(() => expect(sentEvents(api)).toHaveLength(1), CONDITION_WAIT);
    const events = sentEvents(api);
    expect(events[0]).toMatchObject({ name: 'discount_popup_shown', params: { trigger_type: 'button', page_path: '/' } });
    expect(analyticsEventSchema.safeParse(events[0]).success).toBe(true);
    expect(sessionStorage.getItem(LANDING_POPUP_SHOWN_KEY)).toBe('true');
  });

  it('opens by itself after 30 s once per browser session, reporting the timer as its trigger', async () => {
    vi.useFakeTimers();
    try {
      const { unmount } = render(<LandingDeal triggers />);
      vi.advanceTimersByTime(30_000);
      await vi.waitFor(() => expect(sentEvents(api)).toMatchObject([{ name: 'discount_popup_shown', params: { trigger_type: 'timer' } }]), CONDITION_WAIT);
      unmount();
      render(<LandingDeal triggers />);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(api.callsTo('POST /api/events')).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
