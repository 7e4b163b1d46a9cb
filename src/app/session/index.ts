export {
  sessionSlice, startSession, fetchPlan, connectSession, syncStatusChanged, sessionExpired,
  selectUid, selectIsPaid, selectPlanKnown, selectSyncStatus,
} from './sessionSlice.ts';
export type { SessionState, SessionRootState, SyncStatus, AsyncStatus } from './sessionSlice.ts';
