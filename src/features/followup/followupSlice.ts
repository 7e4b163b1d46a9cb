// Follow-up questions about the chosen topic and the student's answers, keyed by question text (SPEC §3).
// Generating the questions (POST /api/followup-questions) arrives with the essay-flow issue.
import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { formDocumentLoaded, formReset, takesSection } from '../../app/documentActions.ts';
import type { FormDocument } from '../../shared/formDocument.ts';

export type FollowupState = Pick<FormDocument, 'followUpQuestions' | 'followUpResponses'>;
export type FollowupRootState = { followup: FollowupState };

const initialState: FollowupState = { followUpQuestions: [], followUpResponses: {} };

export const followupSlice = createSlice({
  name: 'followup',
  initialState,
  reducers: {
    answerChanged(state, action: PayloadAction<{ question: string; answer: string }>) {
      state.followUpResponses[action.payload.question] = action.payload.answer;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(formDocumentLoaded, (state, { payload: { document, source } }) => {
        // From the remote store only the answers come back (SPEC §3); the questions are regenerated.
        if (document.followUpQuestions && takesSection('followUpQuestions', source)) {
          state.followUpQuestions = document.followUpQuestions;
        }
        if (document.followUpResponses && takesSection('followUpResponses', source)) {
          state.followUpResponses = document.followUpResponses;
        }
      })
      .addCase(formReset, () => initialState);
  },
});

export const { answerChanged } = followupSlice.actions;

export const selectFollowUpQuestions = (state: FollowupRootState): string[] => state.followup.followUpQuestions;
export const selectFollowUpResponses = (state: FollowupRootState) => state.followup.followUpResponses;
export const selectFollowUpAnswer = (state: FollowupRootState, question: string): string =>
  state.followup.followUpResponses[question] ?? '';

/** How many answers have more than whitespace in them. */
export const selectAnsweredCount = (state: FollowupRootState): number =>
  Object.values(state.followup.followUpResponses).filter((answer) => answer.trim() !== '').length;
