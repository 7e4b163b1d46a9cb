// The pairing's calls as thunks. The screens keep their few states themselves (a code shown, a label found:
// nothing of it is kept on the device), so each thunk answers its outcome, or is rejected with the API's
// error value, whose `code` the screen reads (authorization_pending, slow_down, expired_token, ...).
import { apiRequest, endpoints, handOverDevice, type ResponseOf, toApiErrorValue } from '../../../api/index.ts';
import { createAppAsyncThunk } from '../../../app/hooks.ts';

export type StartedPairing = ResponseOf<typeof endpoints.startPairing>;
export type PairingOwner = ResponseOf<typeof endpoints.pollPairing>['owner'];

/** A questionnaire begun on this device (its name or e-mail): work of its own that taking another's would replace. */
const holdsWork = (state: unknown): boolean => {
  const basicInfo = (state as { wizard?: { basicInfo?: { fullName?: string; email?: string } } }).wizard?.basicInfo;
  return `${basicInfo?.fullName ?? ''}${basicInfo?.email ?? ''}`.trim() !== '';
};

export const startPairing = createAppAsyncThunk('pairing/start', async (_: void, { rejectWithValue }) => {
  try {
    return await apiRequest(endpoints.startPairing, { body: {} });
  } catch (error) {
    return rejectWithValue(toApiErrorValue(error));
  }
});

/** One poll; once approved, whose work it opens and whether this device holds work of its own. */
export const pollPairing = createAppAsyncThunk('pairing/poll', async (pairingId: string, { getState, rejectWithValue }) => {
  try {
    const { owner } = await apiRequest(endpoints.pollPairing, { body: { pairingId } });
    return { owner, holdsWork: holdsWork(getState()) };
  } catch (error) {
    return rejectWithValue(toApiErrorValue(error));
  }
});

/**
 * Takes the approved session: the page is handed over (no call of its own copy leaves it meanwhile); once the
 * cookie is set, its copy is erased and it starts again at the questionnaire, which the sync fills from the
 * server (src/app/session/signedOutDevice.ts).
 */
export const takePairing = createAppAsyncThunk('pairing/take', async (pairingId: string, { rejectWithValue }) => {
  try {
    await handOverDevice(async () => {
      await apiRequest(endpoints.pollPairing, { body: { pairingId, take: true }, handOver: true });
    }, '/form');
    return pairingId;
  } catch (error) {
    return rejectWithValue(toApiErrorValue(error));
  }
});

export const checkPairingCode = createAppAsyncThunk('pairing/check', async (userCode: string, { rejectWithValue }) => {
  try {
    return await apiRequest(endpoints.checkPairingCode, { body: { userCode } });
  } catch (error) {
    return rejectWithValue(toApiErrorValue(error));
  }
});

export const approvePairing = createAppAsyncThunk('pairing/approve', async (userCode: string, { rejectWithValue }) => {
  try {
    return await apiRequest(endpoints.approvePairing, { body: { userCode } });
  } catch (error) {
    return rejectWithValue(toApiErrorValue(error));
  }
});
