// The questionnaire as a stage of the app (src/app/stages.ts): its slices, the profile's sections of the form
// document, and /form, open to everyone.
import { paths } from '../../client-core/routes.ts';
import type { Stage } from '../../client-core/stage.ts';
import { wizardSlice } from './wizardSlice.ts';
import type { WizardRootState } from './wizardSlice.ts';

const section = <K extends keyof WizardRootState['wizard']>(key: K) => (state: WizardRootState) => state.wizard[key];

const slices = [wizardSlice] as const;

export const wizardStage: Stage<typeof slices> = {
  name: 'wizard',
  slices,
  analytics: () => import('./analytics.ts'),
  deviceKeeps: ['wizard'],
  document: {
    basicInfo: section('basicInfo'),
    academics: section('academics'),
    collegeGoals: section('collegeGoals'),
    activities: section('activities'),
    personal: section('personal'),
    activitiesAndInvolvement: section('activitiesAndInvolvement'),
    personalInsights: section('personalInsights'),
  },
  routes: [{ path: paths.form, page: () => import('./FormPage.tsx'), frame: 'src/features/wizard/FormPage.tsx' }],
};
