// Feedback as a stage of the app (src/app/stages.ts): the slice, and the floating button on every layout page.
import type { Stage } from '../../client-core/stage.ts';
import { FeedbackButton } from './FeedbackButton.tsx';
import { feedbackSlice } from './feedbackSlice.ts';

const slices = [feedbackSlice] as const;

export const feedbackStage: Stage<typeof slices> = {
  name: 'feedback',
  slices,
  analytics: () => import('./analytics.ts'), layoutSlots: [FeedbackButton],
};
