// The request state of "Download my data" and "Delete my data" (myDataThunks.ts, followed here by their
// action creators): one call at a time, what went wrong, and after a deletion what was deleted and what the server keeps.
// Not persisted: it describes this page's calls, not the student's answers. It comes with the page that shows
// it (src/client-core/pageSlices.ts), with the thunks it follows.
import { createAction, createSlice } from '@reduxjs/toolkit';
import { addPageSlice } from '../../client-core/pageSlices.ts';
import { addRequestCases, afterPageLeft, idleRequest } from '../../client-core/requestState.ts';
import type { RequestState } from '../../client-core/requestState.ts';
import { deleteMyData, downloadMyData } from './myDataThunks.ts';

export type MyDataState = { request: RequestState };
type MyDataRootState = { myData?: MyDataState };

/** The panel showing the outcome went (the student left the page). */
export const myDataPanelClosed = createAction('myData/panelClosed');

const initialState: MyDataState = { request: idleRequest };

export const myDataSlice = createSlice({
  name: 'myData',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(myDataPanelClosed, (state) => {
      state.request = afterPageLeft(state.request);
    });
    addRequestCases(builder, 'request', downloadMyData, (error) => `Your data could not be downloaded: ${error.message || 'please try again.'}`);
    addRequestCases(builder, 'request', deleteMyData,
      (error) => `This device’s copy was cleared, but the server’s could not be deleted: ${error.message || 'please try again.'}`);
    builder.addMatcher(deleteMyData.fulfilled.match, (state, action) => {
      const { kept } = action.payload;
      if (state.request.status === 'succeeded') state.request.notice = `Your data was deleted from this device and from the server. ${kept.join(' ')}`;
    });
  },
});

export const selectMyDataRequest = (state: object): RequestState => (state as MyDataRootState).myData?.request ?? idleRequest;

addPageSlice(myDataSlice);
