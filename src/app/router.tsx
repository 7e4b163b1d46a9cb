// Every route of the app, each page code-split. The router is react-router's declarative one (the app uses
// no loaders, actions or fetchers, and the data router is about twice its size): pages are React.lazy, and the
// browser router moves between locations in a transition, so React keeps the current page on screen while the
// next page's chunk loads (no loading flash between pages). Only the very first page shows the loading screen
// while its chunk arrives, and startApp loads that chunk before it renders (preloadRoute). The routes are the
// stages' (src/app/stages.ts): a page of its own (/, /thank-you, /admin) sits outside the shared layout; the rest
// sit inside it, behind the one StepGuard.
import { Component, Suspense, lazy } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Layout } from './Layout.tsx';
import { LoadingScreen } from '../ui/LoadingScreen.tsx';
import { RouteErrorPage } from './RouteErrorPage.tsx';
import { routePath } from '../client-core/routes.ts';
import type { PageModule, StageRoute } from '../client-core/stage.ts';
import { StepGuard } from './StepGuard.tsx';
import { STAGES } from './stages.ts';
import { addApiSlice } from './store.ts';

/**
 * A page loaded on first use. Once its chunk is in (preloadRoute, or a first render), the page renders
 * directly rather than through React.lazy, which would suspend once more on its first render however long
 * ago the chunk arrived.
 */
const page = (importPage: () => Promise<PageModule>) => {
  let loaded: ComponentType | null = null;
  const load = () => importPage().then((module) => {
    // A page's RTK Query API slice (the operator's dashboard) joins the store as its chunk arrives.
    if (module.apiSlice) addApiSlice(module.apiSlice);
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

/** Every stage's routes (src/app/stages.ts), each page loaded on first use. */
const routes = STAGES.flatMap((stage): readonly StageRoute[] => stage.routes ?? [])
  .map((route) => ({ path: route.path, own: route.layout === 'own', entry: page(route.page) }));
const pages = new Map(routes.map(({ path, entry }) => [path, entry]));
const notFound = page(() => import('./NotFoundPage.tsx'));

/**
 * Loads the chunk of the page at `pathname` (the 404 page for an unknown one), so the first render finds it
 * there. A failed load settles too: the page's render then shows the error page.
 */
export function preloadRoute(pathname: string): Promise<void> {
  const path = routePath(pathname);
  const entry = pages.get(path) ?? notFound;
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
          {routes.filter(({ own }) => own).map(({ path, entry }) => <Route key={path} path={path} element={element(entry)} />)}
          <Route element={<Layout />}>
            <Route element={<StepGuard />}>
              {routes.filter(({ own }) => !own).map(({ path, entry }) => <Route key={path} path={path} element={element(entry)} />)}
            </Route>
            <Route path="*" element={element(notFound)} />
          </Route>
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
