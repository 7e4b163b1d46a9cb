// The box's calls: moving this tab's copy (switchStorage.ts, loaded on use) and telling the server, which then
// ends this device's session after 30 minutes idle (PUT /api/session/shared). A tab without a session yet tells
// it once signed in (sharedComputerListeners.ts).
import { apiRequest, endpoints, toApiErrorValue } from '../../api/index.ts';
import { createAppAsyncThunk } from '../../app/hooks.ts';

export const markSharedComputer = createAppAsyncThunk('sharedComputer/mark', async (shared: boolean, { signal, rejectWithValue }) => {
  try {
    return (await apiRequest(endpoints.markSharedComputer, { body: { shared }, signal })).shared;
  } catch (error) {
    return rejectWithValue(toApiErrorValue(error));
  }
});

export const switchSharedComputer = createAppAsyncThunk(
  'sharedComputer/switch',
  async (shared: boolean, { dispatch, getState, rejectWithValue }) => {
    try {
      const { switchStorage } = await import('./switchStorage.ts');
      await switchStorage(shared);
    } catch {
      return rejectWithValue({ status: 0, code: 'storage', message: 'This browser’s storage could not be changed.' });
    }
    if (getState().session.uid !== null) await dispatch(markSharedComputer(shared));
    return shared;
  },
);
