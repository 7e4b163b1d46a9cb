// The analytics listener: maps each app action to its event (eventMap.ts), stamps it, and tracks it: the
// slice queues it for the first-party store (sent by eventDelivery.ts's listener when the sinks deliver),
// and GTM gets it with consent. Consent to analytics cookies is remembered on the device and loads GTM once
// the page is interactive.
import type { UnknownAction } from '@reduxjs/toolkit';
import type { AppStartListening, AppStoreApi } from '../../app/hooks.ts';
import type { AnalyticsEvent } from '../../common/analytics/analyticsEvents.ts';
import { consentChanged, eventTracked } from './analyticsSlice.ts';
import { addDeliveryListeners } from './eventDelivery.ts';
import type { EventDelivery } from './eventDelivery.ts';
import type { EventContext } from '../../client-core/analyticsRules.ts';
import type { EventMap } from './eventMap.ts';
import type { Gtm } from './gtm.ts';

export type AnalyticsSinks = {
  /** Sends the queue to POST /api/events; none: events stay queued in the slice (tests read them there). */
  delivery?: EventDelivery;
  gtm: Gtm;
  now: () => Date;
  pagePath: () => string;
  /** Remembers the consent answer on this device. */
  saveConsent?: (consent: 'granted' | 'denied') => void;
  /** Runs `work` once the page is interactive (tests run it at once). */
  whenInteractive?: (work: () => void) => void;
};

const uidOf = (state: unknown): string | null => (state as { session?: { uid?: string | null } }).session?.uid ?? null;

/** The event `action` makes, if any, stamped `at` and tracked: queued for /api/events, and to GTM with consent. */
export function track(events: EventMap, action: UnknownAction, context: EventContext, at: Date, store: AppStoreApi, gtm: Gtm): void {
  const body = events.eventFor(action, context);
  if (!body) return;
  const event = { ...body, timestamp: at.toISOString() } as AnalyticsEvent;
  store.dispatch(eventTracked(event));
  if (store.getState().analytics.consent === 'granted' && gtm.initialised) gtm.push(event, uidOf(store.getState()));
}

export function addAnalyticsListeners(startListening: AppStartListening, sinks: AnalyticsSinks, events: EventMap): void {
  startListening({
    predicate: events.mapsToEvent,
    effect: (action, api) => track(events, action, { state: api.getState(), pagePath: sinks.pagePath() }, sinks.now(), api, sinks.gtm),
  });

  if (sinks.delivery) addDeliveryListeners(startListening, sinks.delivery);

  startListening({
    actionCreator: consentChanged,
    effect: ({ payload }) => {
      if (payload === 'unknown') return;
      sinks.saveConsent?.(payload);
      if (payload === 'granted') (sinks.whenInteractive ?? ((work) => work()))(() => sinks.gtm.init());
    },
  });
}
