// The student's choice on /essay-type. It is the one step recorded as a choice rather than derived
// from data: nothing else says which branch of the flow they took.
import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { formDocumentLoaded, formReset } from '../../client-core/documentActions.ts';

export type EssayType = 'personal' | 'supplemental';
export type EssayTypeState = { essayType: EssayType | null };
export type EssayTypeRootState = { essayType: EssayTypeState };

const initialState: EssayTypeState = { essayType: null };

export const essayTypeSlice = createSlice({
  name: 'essayType',
  initialState,
  reducers: {
    essayTypeChosen(state, action: PayloadAction<EssayType>) {
      state.essayType = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(formDocumentLoaded, (state, action) => {
        // The choice is not part of the form document, but a selected topic exists only on the personal
        // statement's path: a student restoring on a new browser keeps their place in the flow.
        if (state.essayType === null && action.payload.document.selectedTopic) state.essayType = 'personal';
      })
      .addCase(formReset, () => initialState);
  },
});

export const { essayTypeChosen } = essayTypeSlice.actions;

export const selectEssayType = (state: EssayTypeRootState): EssayType | null => state.essayType.essayType;
