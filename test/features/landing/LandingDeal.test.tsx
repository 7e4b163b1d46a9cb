import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LandingDeal } from '../../../src/features/landing/LandingDeal.tsx';
import { analyticsEventSchema } from '../../../src/common/analyticsEvents.ts';
import { LANDING_POPUP_SHOWN_KEY } from '../../../src/common/constants.ts';

/** The events the landing page sent, as the server will parse them (navigator.sendBeacon is the boundary). */
const sentEvents = (beacon: ReturnType<typeof vi.fn>) => beacon.mock.calls.flatMap(([url, body]) => {
  expect(url).toBe('/api/events');
  return (JSON.parse(body as string) as { events: unknown[] }).events;
});

describe('LandingDeal', () => {
  let beacon: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    sessionStorage.clear();
    beacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'sendBeacon');
  });

  it('reports the popup opened by its button as discount_popup_shown, in the contract the server checks', async () => {
    render(<LandingDeal />);
    await userEvent.click(screen.getByRole('button', { name: 'Save More Than 40% - Get Deal' }));
    const events = sentEvents(beacon);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ name: 'discount_popup_shown', params: { trigger_type: 'button', page_path: '/' } });
    expect(analyticsEventSchema.safeParse(events[0]).success).toBe(true);
    expect(sessionStorage.getItem(LANDING_POPUP_SHOWN_KEY)).toBe('true');
  });

  it('opens by itself after 30 s once per browser session, reporting the timer as its trigger', () => {
    vi.useFakeTimers();
    try {
      const { unmount } = render(<LandingDeal triggers />);
      vi.advanceTimersByTime(30_000);
      expect(sentEvents(beacon)).toMatchObject([{ name: 'discount_popup_shown', params: { trigger_type: 'timer' } }]);
      unmount();
      render(<LandingDeal triggers />);
      vi.advanceTimersByTime(60_000);
      expect(beacon).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
