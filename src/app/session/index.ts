export {
  sessionSlice, startSession, fetchPlan, connectSession, syncStatusChanged, sessionExpired,
  selectUid, selectPlan, selectIsPaid, selectPlanKnown, selectSessionStatus, selectSyncStatus,
} from './sessionSlice.ts';
export type { SessionState, SessionRootState, SyncStatus, AsyncStatus } from './sessionSlice.ts';
