// Follow-up questions about the chosen topic and the student's answers, keyed by question text. The questions
// come from POST /api/followup-questions (followupThunks.ts; its request state is followupRequests.ts's).
import { createAction, createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { formDocumentLoaded, formReset, takesSection } from '../../client-core/documentActions.ts';
import type { FlowErrorEvent } from '../../client-core/flowEvents.ts';
import { DEFAULT_FOLLOWUP_QUESTIONS } from '../../common/essay/prompts.ts';
import type { FormDocument } from '../../common/questionnaire/formDocument.ts';

export type FollowupState = Pick<FormDocument, 'followUpQuestions' | 'followUpResponses'> & {
  /** Which version the questions are (0 first, +1 per Regenerate Questions); kept on this device only. */
  questionsVariant?: number;
};
export type FollowupRootState = { followup: FollowupState };

const initialState: FollowupState = { followUpQuestions: [], followUpResponses: {} };

/**
 * The answers to `questions` only. New questions replace the old ones, and answers to questions no longer
 * shown would otherwise pile up with every "Regenerate Questions" and travel with every save and AI call.
 */
export const answersToShown = (responses: Record<string, string>, questions: readonly string[]): Record<string, string> =>
  // fromEntries defines own properties, so even a question spelled `__proto__` stays an ordinary key.
  Object.fromEntries(questions.filter((question) => Object.hasOwn(responses, question))
    .map((question) => [question, responses[question] as string]));

/**
 * New questions in place of the shown ones keep only their own answers. With none shown before (a new
 * device), the answers came back from the server with no questions to judge them by, and stay.
 */
const replaceQuestions = (state: FollowupState, questions: string[]) => {
  if (state.followUpQuestions.length > 0) state.followUpResponses = answersToShown(state.followUpResponses, questions);
  state.followUpQuestions = questions;
};

export const questionsReceived = createAction<{ questions: string[]; variant: number }>('followup/questionsReceived');
/** On failure the seven default questions are used (the reducer puts them in place). */
export const questionsGenerationFailed = createAction<FlowErrorEvent>('followup/questionsGenerationFailed');
/** The student left /followup: a finished request's message goes (one on its way settles when it ends). */
export const followupPageLeft = createAction('followup/pageLeft');

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
      .addCase(questionsReceived, (state, { payload }) => {
        replaceQuestions(state, payload.questions);
        state.questionsVariant = payload.variant;
      })
      .addCase(questionsGenerationFailed, (state) => {
        replaceQuestions(state, [...DEFAULT_FOLLOWUP_QUESTIONS]);
      })
      .addCase(formDocumentLoaded, (state, { payload: { document, source } }) => {
        // From the remote store only the answers come back; the questions are regenerated.
        if (document.followUpQuestions && takesSection('followUpQuestions', source)) {
          state.followUpQuestions = document.followUpQuestions;
        }
        if (document.followUpResponses && takesSection('followUpResponses', source)) {
          state.followUpResponses = document.followUpResponses;
        }
      })
      // "Start over" empties the questions; a request on its way still ends as it ends (followupRequests.ts).
      .addCase(formReset, () => initialState);
  },
});

export const { answerChanged } = followupSlice.actions;

export const selectFollowUpQuestions = (state: FollowupRootState): string[] => state.followup.followUpQuestions;
export const selectFollowUpResponses = (state: FollowupRootState) => state.followup.followUpResponses;
export const selectFollowUpAnswer = (state: FollowupRootState, question: string): string =>
  state.followup.followUpResponses[question] ?? '';

export const selectQuestionsVariant = (state: FollowupRootState): number => state.followup.questionsVariant ?? 0;

/** How many of the questions shown now have an answer with more than whitespace (at least 3). */
export const selectAnsweredShownCount = (state: FollowupRootState): number =>
  state.followup.followUpQuestions.filter((question) => (state.followup.followUpResponses[question] ?? '').trim() !== '').length;

/** How many answers have more than whitespace in them. */
export const selectAnsweredCount = (state: FollowupRootState): number =>
  Object.values(state.followup.followUpResponses).filter((answer) => answer.trim() !== '').length;
