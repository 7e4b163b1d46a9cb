// Follow-up questions generated; the default seven (after a failure) come with the failure's event.
import { flowErrorEvent, on, reportedByStage } from '../../client-core/analyticsRules.ts';
import { questionsGenerationFailed, questionsReceived } from './followupSlice.ts';
import { generateQuestions } from './followupThunks.ts';

export default [
  on(questionsReceived, ({ payload }) => (
    { name: 'followup_questions_generated', params: { question_count: payload.questions.length, used_defaults: false } })),
  on(questionsGenerationFailed, flowErrorEvent),
  reportedByStage(generateQuestions.rejected),
];
