// Who this browser is (the anonymous uid) and what it may do (the plan from whoami). Not persisted on the
// device: the cookie is the identity and the server is the authority on the plan. Its shape and selectors
// live in src/client-core/session.ts, where features read them.
import { createSlice } from '@reduxjs/toolkit';
import { apiRequest, endpoints, isTransient, toApiErrorValue } from '../../api/index.ts';
import { planMayHaveChanged } from '../../client-core/session.ts';
import type { SessionState } from '../../client-core/session.ts';
import { createAppAsyncThunk } from '../hooks.ts';
import type { AppStartListening } from '../hooks.ts';

const initialState: SessionState = { uid: null, plan: null, status: 'idle', planStatus: 'idle', error: null };

// ---- Thunks ----

/** POST /api/session through the configured remote backend: sets the cookie, answers the uid. */
export const startSession = createAppAsyncThunk(
  'session/start',
  async (_: void, { extra, signal, rejectWithValue }) => {
    try {
      return await extra.remote.signIn(signal);
    } catch (error) {
      return rejectWithValue(toApiErrorValue(error));
    }
  },
  { condition: (_, { getState }) => getState().session.status !== 'pending' },
);

/** GET /api/whoami. Focus and visibility both fire on a tab switch: `condition` keeps it to one call. */
export const fetchPlan = createAppAsyncThunk(
  'session/fetchPlan',
  async (_: void, { signal, rejectWithValue }) => {
    try {
      return (await apiRequest(endpoints.whoami, { signal })).plan;
    } catch (error) {
      return rejectWithValue(toApiErrorValue(error));
    }
  },
  { condition: (_, { getState }) => getState().session.planStatus !== 'pending' },
);

/**
 * Signs in when this browser has no session yet, then reads the plan. Resolves once the session call
 * has settled (start-up waits for that, not for the plan). Offline, the app runs on the device copy.
 */
export const connectSession = createAppAsyncThunk('session/connect', async (_: void, { dispatch, getState }) => {
  if (getState().session.uid === null) {
    const started = await dispatch(startSession());
    if (startSession.rejected.match(started)) return;
  }
  void dispatch(fetchPlan());
});

// ---- Slice ----

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    /** The server no longer knows this browser's session (401): sign in again before the next call. */
    sessionExpired(state) {
      state.uid = null;
      state.status = 'idle';
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(startSession.pending, (state) => {
        state.status = 'pending';
      })
      .addCase(startSession.fulfilled, (state, action) => {
        state.status = 'succeeded';
        state.uid = action.payload.uid;
        state.error = null;
      })
      .addCase(startSession.rejected, (state, action) => {
        state.status = 'failed';
        state.error = action.payload ?? toApiErrorValue(action.error);
      })
      .addCase(fetchPlan.pending, (state) => {
        state.planStatus = 'pending';
      })
      .addCase(fetchPlan.fulfilled, (state, action) => {
        state.planStatus = 'succeeded';
        state.plan = action.payload;
      })
      .addCase(fetchPlan.rejected, (state, action) => {
        state.planStatus = 'failed';
        const error = action.payload ?? toApiErrorValue(action.error);
        // A failed whoami means free (only the server may grant access). A plan already known survives a dropped connection, so a
        // paid student on flaky Wi-Fi is not shown the purchase panel mid-session.
        if (state.plan === null || !isTransient(error)) state.plan = 'free';
      });
  },
});

export const { sessionExpired } = sessionSlice.actions;

/** A feature that saw a purchase confirmed asks for the plan again; the session reads it. */
export function addSessionListeners(startListening: AppStartListening): void {
  startListening({ actionCreator: planMayHaveChanged, effect: (_action, api) => void api.dispatch(fetchPlan()) });
}

export {
  selectIsPaid, selectPlanKnown, selectIsKnownFree,
} from '../../client-core/session.ts';
