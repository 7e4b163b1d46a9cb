// The student's links and the link just made, with their calls' state in a requests slice of its own. Both are
// this panel's, never kept on the device, and come with the panel's chunk (src/client-core/pageSlices.ts), with
// the thunks they follow, so the app shell every page loads carries neither.
import { createSlice } from '@reduxjs/toolkit';
import type { z } from 'zod';
import type { shareSummarySchema } from '../../common/comments/schema.ts';
import { addPageSlice } from '../../client-core/pageSlices.ts';
import { addRequestCases, idleRequest, type RequestState } from '../../client-core/requestState.ts';
import { createShare, loadShares, stopShare } from './sharesThunks.ts';

export type ShareSummary = z.output<typeof shareSummarySchema>;

export type SharesState = {
  list: ShareSummary[] | null;
  /** The link made last, as the reader opens it: shown once, since the server keeps only its hash. */
  /** The link just made, for the essay it shares: shown once, in that essay's panel. */
  created: { id: string; url: string; essayKey: string } | null;
};
type SharesRequests = { load: RequestState; create: RequestState; stop: RequestState };
type SharesRootState = { shares?: SharesState; sharesRequests?: SharesRequests };

const initialState: SharesState = { list: null, created: null };

const sharesSlice = createSlice({
  name: 'shares',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(loadShares.fulfilled, (state, action) => {
        state.list = action.payload;
      })
      .addCase(createShare.pending, (state) => {
        state.created = null;
      })
      .addCase(createShare.fulfilled, (state, action) => {
        state.created = { id: action.payload.id, url: action.payload.url, essayKey: action.meta.arg.essayKey };
      })
      .addCase(stopShare.fulfilled, (state, action) => {
        if (state.created?.id === action.payload) state.created = null;
      });
  },
});

const initialRequests: SharesRequests = { load: idleRequest, create: idleRequest, stop: idleRequest };

const sharesRequestsSlice = createSlice({
  name: 'sharesRequests',
  initialState: initialRequests,
  reducers: {},
  extraReducers: (builder) => {
    addRequestCases(builder, 'load', loadShares, (error) => `Your links could not be listed: ${error.message || 'please try again.'}`);
    addRequestCases(builder, 'create', createShare, (error) => `The link could not be made: ${error.message || 'please try again.'}`);
    addRequestCases(builder, 'stop', stopShare, (error) => `That link could not be stopped: ${error.message || 'please try again.'}`);
  },
});

addPageSlice(sharesSlice);
addPageSlice(sharesRequestsSlice);

// Read as their initial state until the first action after the panel's chunk arrived injects them.
export const selectShares = (state: object): SharesState => (state as SharesRootState).shares ?? initialState;
export const selectSharesRequests = (state: object): SharesRequests =>
  (state as SharesRootState).sharesRequests ?? initialRequests;
