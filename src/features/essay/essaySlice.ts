// The generated personal-statement essay (SPEC §3 generatedEssay). Generating it (paid plan,
// POST /api/generate-essay) arrives with the essay-flow issue; today the slice holds a saved one.
import { createSlice } from '@reduxjs/toolkit';
import { formDocumentLoaded, formReset, takesSection } from '../../app/documentActions.ts';
import { countWords } from '../../shared/wordCount.ts';

export type EssayState = { generatedEssay: string };
export type EssayRootState = { essay: EssayState };

const initialState: EssayState = { generatedEssay: '' };

export const essaySlice = createSlice({
  name: 'essay',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(formDocumentLoaded, (state, { payload: { document, source } }) => {
        if (document.generatedEssay !== undefined && takesSection('generatedEssay', source)) {
          state.generatedEssay = document.generatedEssay;
        }
      })
      .addCase(formReset, () => initialState);
  },
});

export const selectGeneratedEssay = (state: EssayRootState): string => state.essay.generatedEssay;
export const selectEssayWordCount = (state: EssayRootState): number => countWords(state.essay.generatedEssay);
