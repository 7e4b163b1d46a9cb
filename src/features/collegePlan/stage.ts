// The college planner as a stage of the app (src/app/stages.ts): the college list, kept on the device, at
// /colleges, which needs nothing from the flow, and its link in the header.
import { paths } from '../../client-core/routes.ts';
import type { Stage } from '../../client-core/stage.ts';
import { CollegesLink } from './CollegesLink.tsx';
import { collegePlanSlice } from './collegePlanSlice.ts';

const slices = [collegePlanSlice] as const;

export const collegePlanStage: Stage<typeof slices> = {
  name: 'collegePlan',
  slices,
  deviceKeeps: ['collegePlan'],
  routes: [{ path: paths.colleges, page: () => import('./CollegePlanPage.tsx'), frame: 'src/features/collegePlan/CollegePlanPage.tsx' }],
  headerLinks: [CollegesLink],
};
