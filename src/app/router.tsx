// Every route of the app, each page code-split with the route's `lazy` (the router loads a page's chunk
// before showing it, so no Suspense flashes). / and /thank-you sit outside the shared layout; the rest
// sit inside it, behind the one StepGuard.
import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import type { RouteObject } from 'react-router-dom';
import { Layout } from './Layout.tsx';
import { LoadingScreen } from '../ui/LoadingScreen.tsx';
import { RouteErrorPage } from './RouteErrorPage.tsx';
import { paths } from '../client-core/routes.ts';
import { StepGuard } from './StepGuard.tsx';

/** A route `lazy` that loads a page module's default export. */
const page = (load: () => Promise<{ default: ComponentType }>) => async () => ({ Component: (await load()).default });

export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    // Shown while the first page's chunk loads, so the loading screen simply stays until the page is there.
    HydrateFallback: LoadingScreen,
    ErrorBoundary: RouteErrorPage,
    children: [
      {
        path: paths.home,
        lazy: async () => ({ Component: (await import('../features/landing/index.ts')).LandingPage }),
      },
      { path: paths.thankYou, lazy: page(() => import('../features/checkout/ThankYouPage.tsx')) },
      // The operator's dashboard: its own chunk, outside the student layout.
      { path: paths.admin, lazy: page(() => import('../features/admin/AdminPage.tsx')) },
      {
        Component: Layout,
        children: [
          {
            Component: StepGuard,
            children: [
              { path: paths.form, lazy: page(() => import('../features/wizard/FormPage.tsx')) },
              { path: paths.essayType, lazy: page(() => import('../features/essayType/EssayTypePage.tsx')) },
              { path: paths.topics, lazy: page(() => import('../features/topics/TopicsPage.tsx')) },
              { path: paths.followup, lazy: page(() => import('../features/followup/FollowupPage.tsx')) },
              { path: paths.result, lazy: page(() => import('../features/essay/ResultPage.tsx')) },
              { path: paths.supplemental, lazy: page(() => import('../features/supplemental/SupplementalPage.tsx')) },
              { path: paths.referrals, lazy: page(() => import('../features/referrals/ReferralsPage.tsx')) },
            ],
          },
          { path: '*', lazy: page(() => import('./NotFoundPage.tsx')) },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(appRoutes);
