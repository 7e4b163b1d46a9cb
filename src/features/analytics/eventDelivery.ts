// When queued events leave for POST /api/events, never on the UI's path: a few seconds after the last event
// (at once when a full batch waits), the next batch as soon as one went through, a failed one again after a
// backoff (and at once when the browser comes back online), and what is left by navigator.sendBeacon when the
// page is hidden. One listener decides the sends, debounced with the listener API itself (each trigger
// cancels the instance still waiting); the queue and the request state are the slice's.
import { isAnyOf } from '@reduxjs/toolkit';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { AppStartListening } from '../../app/hooks.ts';
import type { AnalyticsEvent } from '../../common/analytics/analyticsEvents.ts';
import { newIdempotencyKey } from '../../api/index.ts';
import {
  connectionRestored, eventsBeaconed, eventsRetryScheduled, eventTracked, MAX_BATCH, pageHidden, selectBatchInDoubt, selectNextBatch,
} from './analyticsSlice.ts';
import type { AnalyticsState } from './analyticsSlice.ts';
import { sendEvents } from './analyticsThunks.ts';

/** Events gather this long after the last one before they leave together. */
export const BATCH_DELAY_MS = 2000;
/** The backoff after failures: the batch delay doubled per failure, at most a minute. */
export const MAX_BACKOFF_MS = 60_000;

export type EventDelivery = {
  /** navigator.sendBeacon for one batch with its Idempotency-Key; false when the browser would not queue it. */
  beacon: (events: AnalyticsEvent[], key: string) => boolean;
  /** Calls `online` when the browser comes back online and `hidden` when the page is hidden or closed. */
  watch: (on: { online: () => void; hidden: () => void }) => void;
};

const backoffMs = (failures: number): number => Math.min(MAX_BACKOFF_MS, BATCH_DELAY_MS * 2 ** failures);

const startsSending = isAnyOf(eventTracked, sendEvents.fulfilled, sendEvents.rejected, connectionRestored);

/** How long to wait before the next send, or null when there is nothing to start now. */
function waitBefore(action: UnknownAction, analytics: AnalyticsState, now: number): number | null {
  if (analytics.queue.length === 0 || analytics.request.status === 'pending') return null;
  // A new event waits for the ones that may follow it, unless a full batch is already there.
  const gather = eventTracked.match(action) && analytics.queue.length < MAX_BATCH ? BATCH_DELAY_MS : 0;
  const { retryAt } = analytics.request;
  return retryAt === null ? gather : Math.max(gather, retryAt - now);
}

export function addDeliveryListeners(startListening: AppStartListening, delivery: EventDelivery): void {
  startListening({
    matcher: startsSending,
    effect: async (action, api) => {
      if (sendEvents.rejected.match(action) && api.getState().analytics.request.failures > 0) {
        const at = Date.now() + backoffMs(api.getState().analytics.request.failures);
        api.dispatch(eventsRetryScheduled({ at }));
      }
      const wait = waitBefore(action, api.getState().analytics, Date.now());
      if (wait === null) return;
      api.cancelActiveListeners();
      if (wait > 0) await api.delay(wait);
      // Not through api.pause: a later trigger cancels the wait, never the send it started.
      void api.dispatch(sendEvents());
    },
  });

  startListening({
    actionCreator: pageHidden,
    effect: (_, api) => {
      // A batch on its way may still arrive: it is not sent twice. A batch in doubt (it may have been stored)
      // goes first, as it was and with its key, so the server answers it rather than storing it again; each
      // beaconed batch leaves the queue, so the device never sends it again itself.
      while (api.getState().analytics.request.status !== 'pending') {
        const doubt = selectBatchInDoubt(api.getState());
        const batch = doubt?.batch ?? selectNextBatch(api.getState());
        const last = batch.at(-1);
        if (last === undefined || !delivery.beacon(batch.map((queued) => queued.event), doubt?.key ?? newIdempotencyKey())) return;
        api.dispatch(eventsBeaconed({ upTo: last.id }));
      }
    },
  });
}

/** Hands the browser's online and hidden moments to the store as the slice's actions. */
export function watchBrowser(dispatch: (action: UnknownAction) => unknown, delivery: EventDelivery): void {
  delivery.watch({ online: () => dispatch(connectionRestored()), hidden: () => dispatch(pageHidden()) });
}
