// Analytics state: the visitor's cookie consent (asked only when Google Tag Manager is configured), a count
// of events tracked, and the first-party queue: events waiting for POST /api/events, with the request state
// of sending them (analyticsThunks.ts, followed here by its type; when it runs is eventDelivery.ts's).
import { createAction, createSlice } from '@reduxjs/toolkit';
import type { PayloadAction, UnknownAction } from '@reduxjs/toolkit';
import { isTransient, type ApiErrorValue } from '../../api/index.ts';
import { thunkPhase } from '../../client-core/requestState.ts';
import type { AnalyticsEvent } from '../../common/analytics/analyticsEvents.ts';
import { SERVER_RECORDED_EVENT_NAMES } from '../../common/analytics/serverRecordedEvents.ts';

export type Consent = 'unknown' | 'granted' | 'denied';
export type QueuedEvent = { id: number; event: AnalyticsEvent };
export type DeliveryRequest = {
  status: 'idle' | 'pending';
  /** The id of the last event of the batch on its way (the batch is the queue up to it); null when idle. */
  upTo: number | null;
  /** Failed sends in a row: the backoff grows with them. */
  failures: number;
  /** No send before this time (ms since the epoch): the backoff after a failure. */
  retryAt: number | null;
  /** The Idempotency-Key of the batch on its way; null when idle. */
  key: string | null;
  /**
   * A batch that failed without a final answer (it may have been stored): the next send is that batch again,
   * the queue from `from` to `upTo` with its key, while those events are all still queued.
   */
  inDoubt: { from: number; upTo: number; key: string } | null;
};
export type AnalyticsState = {
  consent: Consent;
  tracked: number;
  /** Events waiting to be sent, oldest first, at most MAX_QUEUED. */
  queue: QueuedEvent[];
  nextId: number;
  request: DeliveryRequest;
};
export type AnalyticsRootState = { analytics: AnalyticsState };

/** The server takes at most 100 events per batch. */
export const MAX_BATCH = 100;
/** A browser offline for days must not grow without bound: past this, the oldest events go first. */
export const MAX_QUEUED = 1000;

/** The thunk sendEvents (analyticsThunks.ts), named here so the slice need not import it. */
export const SEND_EVENTS = 'analytics/send';

const idleDelivery: DeliveryRequest = { status: 'idle', upTo: null, failures: 0, retryAt: null, key: null, inDoubt: null };

/** The key a send's pending action brings (sendEvents makes one for each send: a reducer cannot). */
const pendingKey = (action: UnknownAction): string | null =>
  (action as { meta?: { idempotencyKey?: string } }).meta?.idempotencyKey ?? null;
const initialState: AnalyticsState = { consent: 'unknown', tracked: 0, queue: [], nextId: 1, request: idleDelivery };

/** A failed batch may go through later (offline, a timeout, 5xx, 429); any other answer never will. */
export const worthRetrying = (error: ApiErrorValue): boolean => isTransient(error) || error.status === 429;

/** The browser is back online: the backoff starts afresh and what waits goes at once. */
export const connectionRestored = createAction('analytics/connectionRestored');
/** The page is being hidden (maybe closed): what waits goes to navigator.sendBeacon. */
export const pageHidden = createAction('analytics/pageHidden');

/** The batch in doubt is the queue's oldest events, all still there (none dropped by the cap or a beacon). */
const stillQueued = (state: AnalyticsState, doubt: NonNullable<DeliveryRequest['inDoubt']>): boolean =>
  state.queue[0]?.id === doubt.from && state.queue.some((queued) => queued.id === doubt.upTo);

const removeUpTo = (state: AnalyticsState, id: number | null) => {
  if (id !== null) state.queue = state.queue.filter((queued) => queued.id > id);
};

export const analyticsSlice = createSlice({
  name: 'analytics',
  initialState,
  reducers: {
    /** A route of the app was shown (a first-party extra: the funnel's visitors). */
    pageViewed(_state, _action: PayloadAction<{ path: string }>) {},
    consentChanged(state, action: PayloadAction<Consent>) {
      state.consent = action.payload;
    },
    eventTracked(state, { payload }: PayloadAction<AnalyticsEvent>) {
      state.tracked += 1;
      // The server records these itself (a purchase from its webhook, a referral from the checkout).
      if (SERVER_RECORDED_EVENT_NAMES.has(payload.name)) return;
      state.queue.push({ id: state.nextId, event: payload });
      state.nextId += 1;
      if (state.queue.length > MAX_QUEUED) state.queue.splice(0, state.queue.length - MAX_QUEUED);
    },
    /** The browser took the events up to `upTo` by sendBeacon. */
    eventsBeaconed(state, action: PayloadAction<{ upTo: number }>) {
      removeUpTo(state, action.payload.upTo);
      if (state.request.inDoubt !== null && !stillQueued(state, state.request.inDoubt)) state.request.inDoubt = null;
    },
    /** A failed batch is tried again at `at`. */
    eventsRetryScheduled(state, action: PayloadAction<{ at: number }>) {
      state.request.retryAt = action.payload.at;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(connectionRestored, (state) => {
        state.request.failures = 0;
        state.request.retryAt = null;
      })
      .addMatcher(thunkPhase(SEND_EVENTS, 'pending'), (state, action) => {
        state.request.status = 'pending';
        const doubt = state.request.inDoubt;
        if (doubt !== null && stillQueued(state, doubt)) {
          state.request.upTo = doubt.upTo;
          state.request.key = doubt.key;
          return;
        }
        state.request.inDoubt = null;
        state.request.upTo = state.queue[Math.min(state.queue.length, MAX_BATCH) - 1]?.id ?? null;
        state.request.key = pendingKey(action);
      })
      .addMatcher(thunkPhase(SEND_EVENTS, 'fulfilled'), (state) => {
        // Only the batch that left: events queued while it was on its way stay.
        removeUpTo(state, state.request.upTo);
        state.request = idleDelivery;
      })
      .addMatcher(thunkPhase(SEND_EVENTS, 'rejected'), (state, action) => {
        const error = action.payload as ApiErrorValue | undefined;
        if (error !== undefined && worthRetrying(error)) {
          const { upTo, key } = state.request;
          const from = state.queue[0]?.id;
          const inDoubt = upTo !== null && key !== null && from !== undefined ? { from, upTo, key } : null;
          state.request = { ...state.request, status: 'idle', upTo: null, key: null, inDoubt, failures: state.request.failures + 1 };
        } else {
          // The server will never take this batch: it goes, and the rest is not held back by it.
          removeUpTo(state, state.request.upTo);
          state.request = idleDelivery;
        }
      });
  },
});

export const { pageViewed, consentChanged, eventTracked, eventsBeaconed, eventsRetryScheduled } = analyticsSlice.actions;
export const selectConsent = (state: AnalyticsRootState) => state.analytics.consent;
/** The next batch: the oldest events, at most MAX_BATCH. */
export const selectNextBatch = (state: AnalyticsRootState): QueuedEvent[] => state.analytics.queue.slice(0, MAX_BATCH);
/** The batch in doubt, as it was first sent, with its key; null when there is none or it is no longer whole. */
export const selectBatchInDoubt = (state: AnalyticsRootState): { batch: QueuedEvent[]; key: string } | null => {
  const { inDoubt } = state.analytics.request;
  if (inDoubt === null || !stillQueued(state.analytics, inDoubt)) return null;
  return { batch: state.analytics.queue.filter((queued) => queued.id <= inDoubt.upTo), key: inDoubt.key };
};
/** The batch on its way (the queue up to `request.upTo`). */
export const selectBatchOnItsWay = (state: AnalyticsRootState): AnalyticsEvent[] => {
  const { upTo } = state.analytics.request;
  return upTo === null ? [] : state.analytics.queue.filter((queued) => queued.id <= upTo).map((queued) => queued.event);
};
