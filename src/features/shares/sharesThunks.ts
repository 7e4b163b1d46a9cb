// The student's links: make one for the version shown, list them, stop one. Each answers what the list needs.
import { apiRequest, endpoints, toApiErrorValue } from '../../api/index.ts';
import type { BodyOf } from '../../api/index.ts';
import { createAppAsyncThunk } from '../../app/hooks.ts';
import { isPending } from '../../client-core/requestState.ts';

export type ShareRequest = BodyOf<typeof endpoints.createShare>;

// One read at a time: /supplemental shows a panel under each essay, and all of them ask as the page opens.
export const loadShares = createAppAsyncThunk('shares/load', async (_: void, { signal, rejectWithValue }) => {
  try {
    return (await apiRequest(endpoints.listShares, { signal })).shares;
  } catch (error) {
    return rejectWithValue(toApiErrorValue(error));
  }
}, { condition: (_, { getState }) => !isPending(getState(), 'sharesRequests', 'load') });

/** Answers the link as the reader opens it: the server's `/read#…` made absolute on this origin. */
export const createShare = createAppAsyncThunk('shares/create', async (request: ShareRequest, { dispatch, rejectWithValue }) => {
  try {
    const created = await apiRequest(endpoints.createShare, { body: request });
    void dispatch(loadShares());
    return { ...created, url: new URL(created.url, window.location.origin).href };
  } catch (error) {
    return rejectWithValue(toApiErrorValue(error));
  }
}, { condition: (_, { getState }) => !isPending(getState(), 'sharesRequests', 'create') });

export const stopShare = createAppAsyncThunk('shares/stop', async (id: string, { dispatch, rejectWithValue }) => {
  try {
    await apiRequest({ ...endpoints.stopShare, path: `${endpoints.stopShare.path}/${encodeURIComponent(id)}` });
    void dispatch(loadShares());
    return id;
  } catch (error) {
    return rejectWithValue(toApiErrorValue(error));
  }
});
