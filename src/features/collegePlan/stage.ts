// The college planner as a stage of the app (src/app/stages.ts): the college list, kept on the device, at
// /colleges, which needs nothing from the flow, and its link in the header; the list's remote copy is synced
// by the persistence listener's run after the form document.
import { paths } from '../../client-core/routes.ts';
import type { Stage } from '../../client-core/stage.ts';
import { CollegesLink } from './CollegesLink.tsx';
import { collegePlanSlice, type CollegePlanRootState } from './collegePlanSlice.ts';
import { collegePlanRequestsSlice, type CollegePlanRequestsRootState } from './collegePlanRequests.ts';

const slices = [collegePlanSlice, collegePlanRequestsSlice] as const;
type State = CollegePlanRootState & CollegePlanRequestsRootState;

export const collegePlanStage: Stage<typeof slices> = {
  name: 'collegePlan',
  slices,
  deviceKeeps: ['collegePlan'],
  remoteDocument: {
    of: (state: State) => state.collegePlan.document,
    unsent: (state: State) => state.collegePlan.unsent || (state.collegePlan.opened && !state.collegePlanRequests.read),
    step: () => import('./collegePlanSync.ts').then(({ syncCollegePlan }) => syncCollegePlan),
  },
  routes: [{ path: paths.colleges, page: () => import('./CollegePlanPage.tsx'), frame: 'src/features/collegePlan/CollegePlanPage.tsx' }],
  headerLinks: [CollegesLink],
};
