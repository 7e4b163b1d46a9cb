// The request state of "Download my data" and "Delete my data" (myDataThunks.ts, followed here by their
// types): one call at a time, what went wrong, and after a deletion what was deleted and what the server keeps.
// Not persisted: it describes this page's calls, not the student's answers.
import { createAction, createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { addRequestCases, afterPageLeft, idleRequest, thunkPhase } from '../../client-core/requestState.ts';
import type { RequestState } from '../../client-core/requestState.ts';

export type MyDataState = { request: RequestState };
export type MyDataRootState = { myData: MyDataState };

/** The thunks downloadMyData and deleteMyData, named here so the slice need not import them. */
export const DOWNLOAD_MY_DATA = 'myData/download';
export const DELETE_MY_DATA = 'myData/delete';

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
    addRequestCases(builder, DOWNLOAD_MY_DATA, (error) => `Your data could not be downloaded: ${error.message || 'please try again.'}`);
    addRequestCases(builder, DELETE_MY_DATA,
      (error) => `This device’s copy was cleared, but the server’s could not be deleted: ${error.message || 'please try again.'}`);
    builder.addMatcher(thunkPhase(DELETE_MY_DATA, 'fulfilled'), (state, action) => {
      const { kept } = (action as PayloadAction<{ kept: string[] }>).payload;
      if (state.request.status === 'succeeded') state.request.notice = `Your data was deleted from this device and from the server. ${kept.join(' ')}`;
    });
  },
});

export const selectMyDataRequest = (state: MyDataRootState): RequestState => state.myData.request;
