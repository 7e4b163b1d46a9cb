// A feedback message sent: its kind and rating, never its text.
import { on } from '../../client-core/analyticsRules.ts';
import { submitFeedback } from './feedbackSlice.ts';

export default [
  on(submitFeedback.fulfilled, ({ payload: { type, rating, page, hasEmail } }) => (
    { name: 'feedback_submitted', params: { feedback_type: type, rating, page, has_email: hasEmail } })),
];
