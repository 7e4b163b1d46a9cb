// The essay as a stage of the app (src/app/stages.ts): the essay's slices (the streaming text is this page's
// alone), its section of the form document, its versions, and /result, open once a follow-up answer is written.
import { PERSONAL_ESSAY_KEY } from '../../client-core/essayVersions.ts';
import { paths } from '../../client-core/routes.ts';
import type { Stage } from '../../client-core/stage.ts';
import { selectAnsweredCount } from '../followup/index.ts';
import type { FollowupRootState } from '../followup/index.ts';
import { essaySlice, selectGeneratedEssay } from './essaySlice.ts';
import type { EssayRootState } from './essaySlice.ts';
import { essayStreamSlice } from './essayStreamSlice.ts';

const slices = [essaySlice, essayStreamSlice] as const;

export const essayStage: Stage<typeof slices> = {
  name: 'essay',
  slices,
  analytics: () => import('./analytics.ts'),
  deviceKeeps: ['essay'],
  document: { generatedEssay: selectGeneratedEssay },
  versions: {
    of: (state: EssayRootState) => state.essay.versions,
    list: (state: EssayRootState) => (state.essay.versions ?? []).map((version, index) => ({ essayKey: PERSONAL_ESSAY_KEY, version, index })),
  },
  routes: [{
    path: paths.result, page: () => import('./ResultPage.tsx'), frame: 'src/features/essay/ResultPage.tsx',
    after: paths.followup, needs: (state: FollowupRootState) => selectAnsweredCount(state) >= 1,
  }],
};
