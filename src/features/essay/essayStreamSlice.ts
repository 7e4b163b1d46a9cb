// The essay being generated: the text received so far while it streams in (empty otherwise), and the request
// state of generating it (essayThunks.ts, whose thunk this slice follows by its type). Kept out of the
// device copy: the text grows every few dozen milliseconds, and writing each step to IndexedDB would cost the
// student's device for text that a cut stream loses anyway (the finished essay is saved, in `essay`).
import { createAction, createSlice } from '@reduxjs/toolkit';
import type { ApiErrorValue } from '../../api/index.ts';
import { formReset } from '../../client-core/documentActions.ts';
import { addRequestCases, idleRequest } from '../../client-core/requestState.ts';
import type { RequestState } from '../../client-core/requestState.ts';
import { MESSAGES } from '../../common/contract/messages.ts';
import { essayGenerated, essayGenerationFailed, essayStreamStarted, essayTextStreamed } from './essaySlice.ts';

export type EssayStreamState = { text: string; request: RequestState };
export type EssayStreamRootState = { essayStream: EssayStreamState };

/** The thunk generateEssay (essayThunks.ts), named here so the slice need not import it. */
export const GENERATE_ESSAY = 'essay/generate';

/** The student left /result (which also stops the stream). */
export const resultPageLeft = createAction('essay/resultPageLeft');

/** A 402 asks for the upgrade; a limit the student hit says what to do about it; anything else is essayFailed. */
export const essayErrorMessage = (error: ApiErrorValue): string => {
  if (error.status === 402 || error.code === 'payment_required') return MESSAGES.upgradeRequired;
  if (error.status === 429) return `${MESSAGES.essayFailed} ${error.message}`;
  return MESSAGES.essayFailed;
};

const initialState: EssayStreamState = { text: '', request: idleRequest };

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
      .addCase(formReset, textCleared)
      // The page aborts its run as it goes: the request is over now, not once the abort has gone round (a
      // page opened again at once may start the next).
      .addCase(resultPageLeft, (state) => {
        state.request = idleRequest;
      });
    addRequestCases(builder, GENERATE_ESSAY, essayErrorMessage);
  },
});

export const selectStreamingEssay = (state: EssayStreamRootState): string => state.essayStream.text;
export const selectEssayRequest = (state: EssayStreamRootState): RequestState => state.essayStream.request;
