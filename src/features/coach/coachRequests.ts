// The coach's request state: "Ask the coach" (coachThunks.ts) as this page runs it, in a slice of its own, which
// comes with the page (src/client-core/pageSlices.ts) and which the device copy never keeps.
import { pageRequest } from '../../client-core/requestState.ts';
import { coachPageLeft } from './coachSlice.ts';
import { askCoach } from './coachThunks.ts';

export const selectCoachRequest = pageRequest({
  name: 'coachRequests', key: 'ask', thunk: askCoach, pageLeft: coachPageLeft,
  failureMessage: (failure) => (failure.status === 429
    ? failure.message
    : 'The coach could not reach the model. The questions below are the coach\'s own rules, worked out on this device.'),
});
