// The essay being generated: the text received so far while it streams in (empty otherwise; the request state
// of generating it is essayRequests.ts's). Kept out of the
// device copy: the text grows every few dozen milliseconds, and writing each step to IndexedDB would cost the
// student's device for text that a cut stream loses anyway (the finished essay is saved, in `essay`).
import { createAction, createSlice } from '@reduxjs/toolkit';
import { formReset } from '../../client-core/documentActions.ts';
import { essayGenerated, essayGenerationFailed, essayStreamStarted, essayTextStreamed } from './essaySlice.ts';

export type EssayStreamState = { text: string };
export type EssayStreamRootState = { essayStream: EssayStreamState };

/** The student left /result (which also stops the stream). */
export const resultPageLeft = createAction('essay/resultPageLeft');

const initialState: EssayStreamState = { text: '' };

const textCleared = (state: EssayStreamState) => {
  state.text = '';
};

export const essayStreamSlice = createSlice({
  name: 'essayStream',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(essayStreamStarted, textCleared)
      .addCase(essayTextStreamed, (state, { payload }) => {
        state.text += payload;
      })
      .addCase(essayGenerated, textCleared)
      .addCase(essayGenerationFailed, textCleared)
      .addCase(formReset, textCleared);
  },
});

export const selectStreamingEssay = (state: EssayStreamRootState): string => state.essayStream.text;
