// Every route of the app, each page code-split. The router is react-router's declarative one (the app uses
// no loaders, actions or fetchers, and the data router is about twice its size): pages are React.lazy, and the
// browser router moves between locations in a transition, so React keeps the current page on screen while the
// next page's chunk loads (no loading flash between pages). Only the very first page shows the loading screen
// while its chunk arrives, and startApp loads that chunk before it renders (preloadRoute). / and /thank-you
// sit outside the shared layout; the rest sit inside it, behind the one StepGuard.
import { Component, Suspense, lazy } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Layout } from './Layout.tsx';
import { LoadingScreen } from '../ui/LoadingScreen.tsx';
import { RouteErrorPage } from './RouteErrorPage.tsx';
import { paths, routePath } from '../client-core/routes.ts';
import { StepGuard } from './StepGuard.tsx';
import { guardedPaths } from './guards.ts';
import { addApiSlice } from './store.ts';

type PageModule = { default: ComponentType };

/**
 * A page loaded on first use. Once its chunk is in (preloadRoute, or a first render), the page renders
 * directly rather than through React.lazy, which would suspend once more on its first render however long
 * ago the chunk arrived.
 */
const page = (importPage: () => Promise<PageModule>) => {
  let loaded: ComponentType | null = null;
  const load = () => importPage().then((module) => {
    loaded = module.default;
    return module;
  });
  const Lazy = lazy(load);
  const Page = () => {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  };
  return { load, Page };
};

const pages = {
  [paths.home]: page(async () => ({ default: (await import('../features/landing/index.ts')).LandingPage })),
  [paths.thankYou]: page(() => import('../features/checkout/ThankYouPage.tsx')),
  // The operator's dashboard: its own chunk, outside the student layout, with its RTK Query API slice.
  [paths.admin]: page(async () => {
    const admin = await import('../features/admin/index.ts');
    addApiSlice(admin.adminApi);
    return { default: admin.AdminPage };
  }),
  [paths.form]: page(() => import('../features/wizard/FormPage.tsx')),
  [paths.essayType]: page(() => import('../features/essayType/EssayTypePage.tsx')),
  [paths.topics]: page(() => import('../features/topics/TopicsPage.tsx')),
  [paths.followup]: page(() => import('../features/followup/FollowupPage.tsx')),
  [paths.result]: page(() => import('../features/essay/ResultPage.tsx')),
  [paths.supplemental]: page(() => import('../features/supplemental/SupplementalPage.tsx')),
  [paths.referrals]: page(() => import('../features/referrals/ReferralsPage.tsx')),
  [paths.coach]: page(() => import('../features/coach/CoachPage.tsx')),
};
const notFound = page(() => import('./NotFoundPage.tsx'));

/**
 * Loads the chunk of the page at `pathname` (the 404 page for an unknown one), so the first render finds it
 * there. A failed load settles too: the page's render then shows the error page.
 */
export function preloadRoute(pathname: string): Promise<void> {
  const path = routePath(pathname);
  const entry = path in pages ? pages[path as keyof typeof pages] : notFound;
  return entry.load().then(() => undefined, () => undefined);
}

type BoundaryState = { failed: boolean };

/** A page that fails to load or render (most often a chunk gone after a new version) shows the error page. */
class RouteErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <RouteErrorPage /> : this.props.children;
  }
}

const element = ({ Page }: { Page: ComponentType }) => <Page />;

/**
 * The app's routes; rendered inside a router (BrowserRouter in the app, MemoryRouter in tests). `children` go
 * beside the page, inside the same Suspense boundary: React hydrates a boundary's content in a pass of its own,
 * after the app around it, so what must follow the page's hydration commits there (src/app/App.tsx).
 */
export function AppRoutes({ children }: { children?: ReactNode }) {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<LoadingScreen />}>
        {children}
        <Routes>
          <Route path={paths.home} element={element(pages[paths.home])} />
          <Route path={paths.thankYou} element={element(pages[paths.thankYou])} />
          <Route path={paths.admin} element={element(pages[paths.admin])} />
          <Route element={<Layout />}>
            <Route element={<StepGuard />}>
              {guardedPaths.map((path) => <Route key={path} path={path} element={element(pages[path])} />)}
            </Route>
            <Route path="*" element={element(notFound)} />
          </Route>
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
