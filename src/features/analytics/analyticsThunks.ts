// Sends the oldest queued events (at most MAX_BATCH) to POST /api/events through the typed client. The batch
// and the request state live in analyticsSlice.ts; when to send is eventDelivery.ts's. One batch at a time.
import { apiRequest, endpoints, newIdempotencyKey, toApiErrorValue } from '../../api/index.ts';
import { createAppAsyncThunk } from '../../app/hooks.ts';
import { SEND_EVENTS, selectBatchOnItsWay } from './analyticsSlice.ts';

export const sendEvents = createAppAsyncThunk(
  SEND_EVENTS,
  async (_: void, { getState, rejectWithValue }) => {
    try {
      // The pending action has marked the batch: the queue's oldest events, up to `request.upTo`.
      // With the batch's key: a batch sent again after a lost answer is stored once.
      const idempotencyKey = getState().analytics.request.key ?? undefined;
      const answer = await apiRequest(endpoints.sendEvents, { body: { events: selectBatchOnItsWay(getState()) }, idempotencyKey });
      if (answer.rejected.length > 0) console.warn('Some analytics events were refused:', answer.rejected);
      return answer.accepted;
    } catch (error) {
      return rejectWithValue(toApiErrorValue(error));
    }
  },
  {
    condition: (_, { getState }) => getState().analytics.request.status !== 'pending' && getState().analytics.queue.length > 0,
    // A new key for each send; a batch in doubt keeps its own (analyticsSlice.ts).
    getPendingMeta: () => ({ idempotencyKey: newIdempotencyKey() }),
  },
);
