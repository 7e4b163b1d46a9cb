// The essay type's step as a stage of the app (src/app/stages.ts): open once the questionnaire passes.
import { paths } from '../../client-core/routes.ts';
import type { Stage } from '../../client-core/stage.ts';
import { selectQuestionnairePassesGating } from '../wizard/index.ts';
import { essayTypeSlice } from './essayTypeSlice.ts';

const slices = [essayTypeSlice] as const;

export const essayTypeStage: Stage<typeof slices> = {
  name: 'essayType',
  slices,
  deviceKeeps: ['essayType'],
  routes: [{
    path: paths.essayType, page: () => import('./EssayTypePage.tsx'), frame: 'src/features/essayType/EssayTypePage.tsx',
    after: paths.form, needs: selectQuestionnairePassesGating,
  }],
};
