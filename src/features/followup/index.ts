// The follow-up step's public face. FollowupPage is lazy-loaded by the router, with the stage's thunks
// (followupThunks.ts).
export {
  followupSlice, answerChanged, selectFollowUpQuestions, selectFollowUpResponses, selectFollowUpAnswer,
  selectAnsweredCount, selectAnsweredShownCount, selectQuestionsVariant, questionsReceived, questionsGenerationFailed,
} from './followupSlice.ts';
export type { FollowupState, FollowupRootState } from './followupSlice.ts';
