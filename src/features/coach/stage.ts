// The coach as a stage of the app (src/app/stages.ts): the student's own draft and its revisions (versions by
// essay), /coach, which needs nothing from the flow, and its link in the header.
import { keyedVersionList } from '../../client-core/keyedVersions.ts';
import { paths } from '../../client-core/routes.ts';
import type { Stage } from '../../client-core/stage.ts';
import { CoachLink } from './CoachLink.tsx';
import { coachSlice } from './coachSlice.ts';
import type { CoachRootState } from './coachSlice.ts';

const slices = [coachSlice] as const;

export const coachStage: Stage<typeof slices> = {
  name: 'coach',
  slices,
  deviceKeeps: ['coach'],
  versions: {
    of: (state: CoachRootState) => state.coach.versions,
    list: (state: CoachRootState) => keyedVersionList(state.coach.versions),
  },
  routes: [{ path: paths.coach, page: () => import('./CoachPage.tsx'), frame: 'src/features/coach/CoachPage.tsx' }],
  headerLinks: [CoachLink],
};
