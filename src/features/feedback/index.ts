// The feedback feature's public face: the floating button (with its modal) and the slice.
export { FeedbackButton } from './FeedbackButton.tsx';
export {
  feedbackSlice, submitFeedback, feedbackOpened, feedbackClosed, feedbackDraftChanged, feedbackFormReset,
  selectFeedbackStatus, selectFeedbackDraft,
} from './feedbackSlice.ts';
export type { FeedbackState, FeedbackSubmitted, FeedbackDraft } from './feedbackSlice.ts';
