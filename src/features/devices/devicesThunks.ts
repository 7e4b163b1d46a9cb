// The student's devices: the list "Your data" shows, signing one of them out, and signing this one out. This
// one syncs first; when changes are still only here (offline), it asks before discarding them. Once this
// device is signed out, the app erases its copy and starts again (src/app/session/signedOutDevice.ts).
import { apiRequest, deviceSignedOut, endDeviceSession, endpoints, toApiErrorValue } from '../../api/index.ts';
import { createAppAsyncThunk } from '../../app/hooks.ts';

export const loadDevices = createAppAsyncThunk('devices/load', async (_: void, { signal, rejectWithValue }) => {
  try {
    return (await apiRequest(endpoints.listDevices, { signal })).devices;
  } catch (error) {
    return rejectWithValue(toApiErrorValue(error));
  }
});

export const signOutDevice = createAppAsyncThunk('devices/signOut', async (id: string, { dispatch, rejectWithValue }) => {
  try {
    const endpoint = { ...endpoints.signOutDevice, path: `${endpoints.signOutDevice.path}/${encodeURIComponent(id)}` };
    const { current } = await apiRequest(endpoint);
    if (current) deviceSignedOut();
    else void dispatch(loadDevices());
    return id;
  } catch (error) {
    return rejectWithValue(toApiErrorValue(error));
  }
});

/**
 * "Sign out of this device": syncs first; answers the changes still only on this device (then nothing is
 * signed out until the student chooses), or 0 once signed out. `discard` signs out whatever is unsent.
 */
export const signOutThisDevice = createAppAsyncThunk(
  'devices/signOutThis',
  async ({ discard }: { discard: boolean }, { dispatch, getState, extra, rejectWithValue }) => {
    try {
      if (!discard) {
        const unsent = await extra.syncThenCountUnsent(dispatch, getState);
        if (unsent > 0) return unsent;
      }
      await endDeviceSession(() => apiRequest(endpoints.signOutThisDevice));
      return 0;
    } catch (error) {
      return rejectWithValue(toApiErrorValue(error));
    }
  },
);
