// "Download my data" and "Delete my data": the student's own copy of everything held about this browser (the
// server's rows and this device's), and its erasure. Deleting clears the device copy first (the questionnaire,
// essays and everything in localStorage and sessionStorage), so the sync has nothing old to send back, then
// asks the server to erase its rows; its copy of the questionnaire becomes a newer, empty revision that a tab
// still holding the old copy cannot overwrite. Their request state lives in myDataSlice.ts (which imports them); one call at a time.
import { apiRequest, endpoints, toApiErrorValue } from '../../api/index.ts';
import { createAppAsyncThunk } from '../../app/hooks.ts';
import { isPending } from '../../client-core/requestState.ts';
import { formReset } from '../../client-core/documentActions.ts';
import { saveFile } from '../../ui/index.ts';

export const MY_DATA_FILENAME = 'essay-studio-my-data.json';

const storageContents = (storage: Storage): Record<string, string> => {
  const contents: Record<string, string> = {};
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key !== null) contents[key] = storage.getItem(key) ?? '';
  }
  return contents;
};

export const downloadMyData = createAppAsyncThunk('myData/download', async (_: void, { getState, extra, rejectWithValue }) => {
  try {
    const server = await apiRequest(endpoints.exportMyData);
    // With the Firebase backend the document and the essay versions live in Firestore, not on the server.
    const firestore = extra.remote.exportData ? await extra.remote.exportData() : undefined;
    const state = getState();
    const device = {
      formDocument: extra.selectFormDocument(state),
      essayRecord: state.essay.record ?? null,
      essayVersions: state.essay.versions ?? [],
      supplementalVersions: state.supplemental.versions ?? {},
      coach: { draft: state.coach.draft, prompt: state.coach.prompt, revisions: state.coach.versions ?? {} },
      localStorage: storageContents(window.localStorage),
      sessionStorage: storageContents(window.sessionStorage),
    };
    const file = { exportedAt: new Date().toISOString(), server, ...(firestore === undefined ? {} : { firestore }), device };
    saveFile(new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }), MY_DATA_FILENAME);
    return undefined;
  } catch (error) {
    return rejectWithValue(toApiErrorValue(error));
  }
}, { condition: (_, { getState }) => !isPending(getState(), 'myData', 'request') });

export const deleteMyData = createAppAsyncThunk('myData/delete', async (_: void, { dispatch, extra, rejectWithValue }) => {
  dispatch(formReset());
  window.localStorage.clear();
  window.sessionStorage.clear();
  try {
    // Firestore's copy (Firebase backend: the document and the essay versions) goes before the server's rows.
    await extra.remote.eraseData?.();
    return await apiRequest(endpoints.deleteMyData, { body: { confirm: true } });
  } catch (error) {
    return rejectWithValue(toApiErrorValue(error));
  }
}, { condition: (_, { getState }) => !isPending(getState(), 'myData', 'request') });
