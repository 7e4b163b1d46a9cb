// The operator's dashboard as a stage of the app (src/app/stages.ts): /admin, a page of its own in a chunk of
// its own, which brings its RTK Query API slice with it.
import { paths } from '../../client-core/routes.ts';
import type { Stage } from '../../client-core/stage.ts';

const slices = [] as const;

export const adminStage: Stage<typeof slices> = {
  name: 'admin',
  slices,
  routes: [{
    path: paths.admin,
    page: async () => {
      const admin = await import('./index.ts');
      return { default: admin.AdminPage, apiSlice: admin.adminApi };
    },
    layout: 'own',
  }],
};
