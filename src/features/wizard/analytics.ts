// The questionnaire's events: a step completed, and the form left midway.
import { on } from '../../client-core/analyticsRules.ts';
import { wizardAbandoned, wizardStepCompleted } from './wizardSlice.ts';

export default [
  on(wizardStepCompleted, ({ payload: { stepName, stepNumber } }) => (
    { name: 'form_step_completed', params: { step_name: stepName, step_number: stepNumber } })),
  on(wizardAbandoned, ({ payload: { stepName, stepNumber, timeSpentSeconds } }) => (
    { name: 'form_abandoned', params: { step_name: stepName, step_number: stepNumber, time_spent_seconds: timeSpentSeconds } })),
];
