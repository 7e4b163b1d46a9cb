export {
  sessionSlice, startSession, fetchPlan, connectSession, sessionExpired, addSessionListeners,
  selectIsPaid, selectPlanKnown, selectIsKnownFree,
} from './sessionSlice.ts';
export type { SessionState, SessionRootState, AsyncStatus } from '../../client-core/session.ts';
