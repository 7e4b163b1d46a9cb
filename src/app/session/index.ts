export {
  sessionSlice, startSession, fetchPlan, connectSession, sessionExpired, addSessionListeners,
  selectUid, selectPlan, selectIsPaid, selectPlanKnown, selectIsKnownFree, selectSessionStatus,
} from './sessionSlice.ts';
export type { SessionState, SessionRootState, AsyncStatus } from '../../shared-client/session.ts';
