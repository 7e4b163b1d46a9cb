// The analytics stage's own events: a page viewed. A batch of events that failed to go is no event of its own
// (it would only join the queue that cannot leave).
import { on, reportedByStage } from '../../client-core/analyticsRules.ts';
import { pageViewed } from './analyticsSlice.ts';
import { sendEvents } from './analyticsThunks.ts';

export default [
  on(pageViewed, ({ payload }) => ({ name: 'page_viewed', params: { page_path: payload.path } })),
  reportedByStage(sendEvents.rejected),
];
