// The analytics sinks of a real browser tab: the outbox posting to /api/events (beacon on page hide, retry on
// `online`), GTM when VITE_GTM_ID is set, and the consent answer kept in localStorage.
import { apiRequest, endpoints, isTransient, toApiErrorValue } from '../../api/index.ts';
import type { AnalyticsEvent } from '../../common/analyticsEvents.ts';
import type { Consent } from './analyticsSlice.ts';
import { createGtm } from './gtm.ts';
import type { AnalyticsSinks } from './listeners.ts';
import { Outbox } from './outbox.ts';
import type { SendResult } from './outbox.ts';

const CONSENT_KEY = 'analytics_consent';
export const GTM_ID: string | undefined = import.meta.env.VITE_GTM_ID || undefined;

async function send(events: AnalyticsEvent[]): Promise<SendResult> {
  try {
    const answer = await apiRequest(endpoints.sendEvents, { body: { events } });
    if (answer.rejected.length > 0) console.warn('Some analytics events were refused:', answer.rejected);
    return 'sent';
  } catch (error) {
    const value = toApiErrorValue(error);
    return isTransient(value) || value.status === 429 ? 'retry' : 'drop';
  }
}

const beacon = (events: AnalyticsEvent[]): boolean =>
  typeof navigator.sendBeacon === 'function'
  // text/plain: a simple request, which every browser lets sendBeacon make.
  && navigator.sendBeacon('/api/events', new Blob([JSON.stringify({ events })], { type: 'text/plain' }));

export function storedConsent(): Consent {
  const value = localStorage.getItem(CONSENT_KEY);
  return value === 'granted' || value === 'denied' ? value : 'unknown';
}

const whenInteractive = (work: () => void) => {
  const idle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(() => work()) : setTimeout(work, 1));
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
};

export function createBrowserAnalytics(): AnalyticsSinks {
  const outbox = new Outbox({ send, beacon });
  window.addEventListener('online', () => outbox.online());
  window.addEventListener('pagehide', () => outbox.pageHidden());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') outbox.pageHidden();
  });
  return {
    outbox,
    gtm: createGtm(GTM_ID),
    now: () => new Date(),
    pagePath: () => window.location.pathname,
    saveConsent: (consent) => localStorage.setItem(CONSENT_KEY, consent),
    whenInteractive,
  };
}
