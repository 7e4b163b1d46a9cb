// One run of the remote sync, as a thunk whose request state lives in the sync slice. The persistence listener
// decides when a run starts; `condition` keeps it to one at a time. What a run does is syncSteps.ts, loaded by
// the first run: runs start only once the page is live (or on screen, for a student with nothing on this
// device), so that code is never part of a page's first load. Offline before the app is installed it cannot
// load: the run fails as a request without an answer would, and is tried again like one.
import { toApiErrorValue } from '../../api/index.ts';
import { createAppAsyncThunk } from '../hooks.ts';
import { SYNC_RUN } from './syncSlice.ts';

export const syncRemote = createAppAsyncThunk(
  SYNC_RUN,
  async (_: void, { getState, dispatch, extra, signal, rejectWithValue }) => {
    try {
      const { runSync } = await import('./syncSteps.ts');
      return await runSync({ getState, dispatch, extra, signal });
    } catch (error) {
      return rejectWithValue(toApiErrorValue(error));
    }
  },
  { condition: (_, { getState }) => getState().remoteSync.run !== 'pending' },
);
