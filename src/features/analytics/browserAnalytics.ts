// The analytics sinks of a real browser tab: delivery of the slice's queue to /api/events (sendBeacon when the
// page is hidden, a retry on `online`), GTM when VITE_GTM_ID is set, and the consent answer kept on the device
// (browserConsent.ts).
import { endpoints } from '../../api/index.ts';
import type { AnalyticsEvent } from '../../common/analytics/analyticsEvents.ts';
import { IDEMPOTENCY_KEY_PARAM } from '../../common/contract/idempotencyKeyHeader.ts';
import { nextIdle } from '../../ui/index.ts';
import { GTM_ID, saveConsent } from './browserConsent.ts';
import type { EventDelivery } from './eventDelivery.ts';
import { createGtm } from './gtm.ts';
import type { AnalyticsSinks } from './listeners.ts';

const beacon = (events: AnalyticsEvent[], key: string): boolean =>
  typeof navigator.sendBeacon === 'function'
  // text/plain: a simple request, which every browser lets sendBeacon make; it cannot set a header, so the
  // batch's Idempotency-Key goes in the query string.
  && navigator.sendBeacon(
    `${endpoints.sendEvents.path}?${IDEMPOTENCY_KEY_PARAM}=${encodeURIComponent(key)}`,
    new Blob([JSON.stringify({ events })], { type: 'text/plain' }),
  );

const browserDelivery: EventDelivery = {
  beacon,
  watch: ({ online, hidden }) => {
    window.addEventListener('online', online);
    window.addEventListener('pagehide', hidden);
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') hidden();
    });
  },
};

const whenInteractive = (work: () => void) => {
  const idle = () => {
    void nextIdle().then(work);
  };
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
};

export function createBrowserAnalytics(): AnalyticsSinks {
  return {
    delivery: browserDelivery,
    gtm: createGtm(GTM_ID),
    now: () => new Date(),
    pagePath: () => window.location.pathname,
    saveConsent,
    whenInteractive,
  };
}
