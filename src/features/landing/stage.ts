// The landing page as a stage of the app (src/app/stages.ts): '/' when the student comes back to it inside the
// app (the pre-rendered '/' is never hydrated; src/main.tsx loads its own small script there).
import { paths } from '../../client-core/routes.ts';
import type { Stage } from '../../client-core/stage.ts';

const slices = [] as const;

export const landingStage: Stage<typeof slices> = {
  name: 'landing',
  slices,
  routes: [{ path: paths.home, page: async () => ({ default: (await import('./index.ts')).LandingPage }), layout: 'own' }],
};
