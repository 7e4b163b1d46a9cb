// What features may know about the session without reaching into the app's store wiring: its shape, its
// selectors, and the one request a feature makes of it. The slice itself (sign-in and plan thunks) lives in
// src/app/session, which imports this file; features import only this.
import { createAction } from '@reduxjs/toolkit';
import type { ApiErrorValue } from '../api/index.ts';
import type { Plan } from '../common/contract/contract.ts';

export type AsyncStatus = 'idle' | 'pending' | 'succeeded' | 'failed';

export type SessionState = {
  uid: string | null;
  /** null until whoami first answers, so a paid student never sees "Free" flash before "Paid". */
  plan: Plan | null;
  status: AsyncStatus;
  planStatus: AsyncStatus;
  error: ApiErrorValue | null;
};
export type SessionRootState = { session: SessionState };

/** A purchase was confirmed: the plan the server holds may have changed, so the app reads it again. */
export const planMayHaveChanged = createAction('session/planMayHaveChanged');

export const selectIsPaid = (state: SessionRootState): boolean => state.session.plan === 'paid';
export const selectPlanKnown = (state: SessionRootState): boolean => state.session.plan !== null;
/** A free student, once whoami has answered: the one who is offered the checkout. */
export const selectIsKnownFree = (state: SessionRootState): boolean => selectPlanKnown(state) && !selectIsPaid(state);
