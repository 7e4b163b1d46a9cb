// The analytics listener: maps each app action to its event (eventMap.ts), stamps it, and hands it to the
// sinks. Consent to analytics cookies is remembered on the device and loads GTM once the page is interactive.
import type { AppStartListening } from '../../app/hooks.ts';
import type { AnalyticsEvent } from '../../common/analyticsEvents.ts';
import { SERVER_RECORDED_EVENT_NAMES } from '../../common/constants.ts';
import { consentChanged, eventTracked } from './analyticsSlice.ts';
import { eventFor, mapsToEvent } from './eventMap.ts';
import type { Gtm } from './gtm.ts';
import type { Outbox } from './outbox.ts';

export type AnalyticsSinks = {
  outbox: Pick<Outbox, 'add'>;
  gtm: Gtm;
  now: () => Date;
  pagePath: () => string;
  /** Remembers the consent answer on this device. */
  saveConsent?: (consent: 'granted' | 'denied') => void;
  /** Runs `work` once the page is interactive (tests run it at once). */
  whenInteractive?: (work: () => void) => void;
};

const uidOf = (state: unknown): string | null => (state as { session?: { uid?: string | null } }).session?.uid ?? null;

export function addAnalyticsListeners(startListening: AppStartListening, sinks: AnalyticsSinks): void {
  startListening({
    predicate: mapsToEvent,
    effect: (action, api) => {
      const body = eventFor(action, { state: api.getState(), pagePath: sinks.pagePath() });
      if (!body) return;
      const event = { ...body, timestamp: sinks.now().toISOString() } as AnalyticsEvent;
      api.dispatch(eventTracked(event));
      if (!SERVER_RECORDED_EVENT_NAMES.has(event.name)) sinks.outbox.add(event);
      if (api.getState().analytics.consent === 'granted' && sinks.gtm.initialised) sinks.gtm.push(event, uidOf(api.getState()));
    },
  });

  startListening({
    actionCreator: consentChanged,
    effect: ({ payload }) => {
      if (payload === 'unknown') return;
      sinks.saveConsent?.(payload);
      if (payload === 'granted') (sinks.whenInteractive ?? ((work) => work()))(() => sinks.gtm.init());
    },
  });
}
