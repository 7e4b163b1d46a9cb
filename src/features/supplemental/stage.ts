// The supplemental branch as a stage of the app (src/app/stages.ts): its section of the form document, its
// versions by essay, and /supplemental, open once the questionnaire passes.
import { keyedVersionList } from '../../client-core/keyedVersions.ts';
import { paths } from '../../client-core/routes.ts';
import type { Stage } from '../../client-core/stage.ts';
import { selectQuestionnairePassesGating } from '../wizard/index.ts';
import { selectSupplementalEssays, supplementalSlice } from './supplementalSlice.ts';
import type { SupplementalRootState } from './supplementalSlice.ts';

const slices = [supplementalSlice] as const;

export const supplementalStage: Stage<typeof slices> = {
  name: 'supplemental',
  slices,
  analytics: () => import('./analytics.ts'),
  deviceKeeps: ['supplemental'],
  document: { supplementalEssays: selectSupplementalEssays },
  versions: {
    of: (state: SupplementalRootState) => state.supplemental.versions,
    list: (state: SupplementalRootState) => keyedVersionList(state.supplemental.versions),
  },
  routes: [{
    path: paths.supplemental, page: () => import('./SupplementalPage.tsx'), frame: 'src/features/supplemental/SupplementalPage.tsx',
    after: paths.form, needs: selectQuestionnairePassesGating,
  }],
};
