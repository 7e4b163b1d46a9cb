// The follow-up step as a stage of the app (src/app/stages.ts): its sections of the form document, and
// /followup, open once a topic is chosen.
import { paths } from '../../client-core/routes.ts';
import type { Stage } from '../../client-core/stage.ts';
import { selectHasSelectedTopic } from '../topics/index.ts';
import { followupSlice, selectFollowUpQuestions, selectFollowUpResponses } from './followupSlice.ts';

const slices = [followupSlice] as const;

export const followupStage: Stage<typeof slices> = {
  name: 'followup',
  slices,
  analytics: () => import('./analytics.ts'),
  deviceKeeps: ['followup'],
  document: { followUpQuestions: selectFollowUpQuestions, followUpResponses: selectFollowUpResponses },
  routes: [{
    path: paths.followup, page: () => import('./FollowupPage.tsx'), frame: 'src/features/followup/FollowupPage.tsx',
    after: paths.topics, needs: selectHasSelectedTopic,
  }],
};
