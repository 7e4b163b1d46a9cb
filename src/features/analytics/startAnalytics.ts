// Starts analytics on a running store: the listener that maps actions to events (by every stage's rows), the
// delivery of the queue to /api/events and the browser's online and hidden moments. startApp loads this module once the first page is
// live; what happened before it arrived is mapped as it was recorded (recorder.ts).
import { addAppListener } from '../../app/hooks.ts';
import type { AppStartListening, AppStoreApi } from '../../app/hooks.ts';
import type { EventRule } from '../../client-core/analyticsRules.ts';
import { watchBrowser } from './eventDelivery.ts';
import { createEventMap } from './eventMap.ts';
import { addAnalyticsListeners, track } from './listeners.ts';
import type { AnalyticsSinks } from './listeners.ts';
import type { RecordedAction } from './recorder.ts';

export { createBrowserAnalytics } from './browserAnalytics.ts';
export { loadEventRules } from './eventMap.ts';

export function startAnalytics(
  store: AppStoreApi, sinks: AnalyticsSinks, rules: readonly EventRule[], earlier: readonly RecordedAction[] = [],
): void {
  const startListening = ((options: Parameters<typeof addAppListener>[0]) => store.dispatch(addAppListener(options))) as AppStartListening;
  const events = createEventMap(rules);
  addAnalyticsListeners(startListening, sinks, events);
  for (const { action, state, pagePath, at } of earlier) track(events, action, { state, pagePath }, at, store, sinks.gtm);
  if (sinks.delivery) watchBrowser(store.dispatch, sinks.delivery);
  // An answer from an earlier visit was read back before the consent listener was there to hear it.
  if (store.getState().analytics.consent === 'granted') (sinks.whenInteractive ?? ((work) => work()))(() => sinks.gtm.init());
}
