// Sends the oldest queued events (at most MAX_BATCH) to POST /api/events through the typed client. The batch
// and the request state live in analyticsSlice.ts (which follows this thunk by its action creators, so this
// module reads the state itself); when to send is eventDelivery.ts's. One batch at a time.
import { apiRequest, endpoints, toApiErrorValue } from '../../api/index.ts';
import { createAppAsyncThunk } from '../../app/hooks.ts';
import type { AnalyticsEvent } from '../../common/analyticsEvents.ts';

/** The batch on its way (the queue up to `request.upTo`, set by the pending action). */
const batchOnItsWay = ({ request, queue }: { request: { upTo: number | null }; queue: Array<{ id: number; event: AnalyticsEvent }> }) =>
  (request.upTo === null ? [] : queue.filter((queued) => queued.id <= (request.upTo ?? 0)).map((queued) => queued.event));

export const sendEvents = createAppAsyncThunk(
  'analytics/send',
  async (_: void, { getState, rejectWithValue }) => {
    try {
      // The pending action has marked the batch: the queue's oldest events, up to `request.upTo`.
      const answer = await apiRequest(endpoints.sendEvents, { body: { events: batchOnItsWay(getState().analytics) } });
      if (answer.rejected.length > 0) console.warn('Some analytics events were refused:', answer.rejected);
      return answer.accepted;
    } catch (error) {
      return rejectWithValue(toApiErrorValue(error));
    }
  },
  { condition: (_, { getState }) => getState().analytics.request.status !== 'pending' && getState().analytics.queue.length > 0 },
);
