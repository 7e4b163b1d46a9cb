// Whether each essay's comments are being read, and why they could not be: this page's state, never kept on the
// device, a page slice that comes with the panel's chunk (src/client-core/pageSlices.ts).
import { createSlice } from '@reduxjs/toolkit';
import { addPageSlice } from '../../client-core/pageSlices.ts';
import { loadEssayComments } from './commentsThunks.ts';

type LoadState = { status: 'pending' | 'succeeded' | 'failed'; error: string | null };
export type CommentsRequestsState = Record<string, LoadState>;

const commentsRequestsSlice = createSlice({
  name: 'commentsRequests',
  initialState: {} as CommentsRequestsState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(loadEssayComments.pending, (state, { meta }) => {
        state[meta.arg] = { status: 'pending', error: null };
      })
      .addCase(loadEssayComments.fulfilled, (state, { meta }) => {
        state[meta.arg] = { status: 'succeeded', error: null };
      })
      .addCase(loadEssayComments.rejected, (state, { meta, payload }) => {
        state[meta.arg] = {
          status: 'failed', error: payload?.code === 'aborted' ? null : `Your readers' comments could not be read: ${payload?.message || 'please try again.'}`,
        };
      });
  },
});

addPageSlice(commentsRequestsSlice);

const IDLE: LoadState | undefined = undefined;
export const selectCommentsLoad = (state: object, essayKey: string): LoadState | undefined =>
  (state as { commentsRequests?: CommentsRequestsState }).commentsRequests?.[essayKey] ?? IDLE;
