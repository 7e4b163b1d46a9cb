// Build-time only (bundled for Node by src/features/landing/prerender.ts, never shipped to the browser):
// renders each app route's page, inside the shared layout, with a fresh empty store, as the static frame
// the server sends for that route. The frame is the page's own markup (header, heading, the page's fixed
// text), so the first paint and the largest text of the page do not wait for JavaScript; the app replaces
// it once the device copy is read. frameMarkup.ts makes it inert.
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Layout } from '../Layout.tsx';
import { makeStore } from '../store.ts';
import { paths } from '../../client-core/routes.ts';
import FormPage from '../../features/wizard/FormPage.tsx';
import EssayTypePage from '../../features/essayType/EssayTypePage.tsx';
import TopicsPage from '../../features/topics/TopicsPage.tsx';
import FollowupPage from '../../features/followup/FollowupPage.tsx';
import ResultPage from '../../features/essay/ResultPage.tsx';
import SupplementalPage from '../../features/supplemental/SupplementalPage.tsx';
import ReferralsPage from '../../features/referrals/ReferralsPage.tsx';
import ThankYouPage from '../../features/checkout/ThankYouPage.tsx';

/** The student layout's pages that get a frame, with the source file Vite's manifest knows each by. */
const LAYOUT_PAGES: ReadonlyArray<{ path: string; Page: ComponentType; module: string }> = [
  { path: paths.form, Page: FormPage, module: 'src/features/wizard/FormPage.tsx' },
  { path: paths.essayType, Page: EssayTypePage, module: 'src/features/essayType/EssayTypePage.tsx' },
  { path: paths.topics, Page: TopicsPage, module: 'src/features/topics/TopicsPage.tsx' },
  { path: paths.followup, Page: FollowupPage, module: 'src/features/followup/FollowupPage.tsx' },
  { path: paths.result, Page: ResultPage, module: 'src/features/essay/ResultPage.tsx' },
  { path: paths.supplemental, Page: SupplementalPage, module: 'src/features/supplemental/SupplementalPage.tsx' },
  { path: paths.referrals, Page: ReferralsPage, module: 'src/features/referrals/ReferralsPage.tsx' },
];

export interface FrameRoute {
  path: string;
  /** The page's module, a key of Vite's manifest (its chunk and stylesheets go into the frame's head). */
  module: string;
  /** The address rendered: the thank-you page is framed as it looks while a payment is being confirmed. */
  renderedAt: string;
}

export const FRAME_ROUTES: readonly FrameRoute[] = [
  ...LAYOUT_PAGES.map(({ path, module }) => ({ path, module, renderedAt: path })),
  {
    path: paths.thankYou,
    module: 'src/features/checkout/ThankYouPage.tsx',
    renderedAt: `${paths.thankYou}?session_id=pending`,
  },
];

/** The markup of `path`'s page as a student with nothing on this device yet would first see it. */
export function renderFrame(path: string): string {
  const store = makeStore();
  return renderToString(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={paths.thankYou} element={<ThankYouPage />} />
          <Route element={<Layout />}>
            {LAYOUT_PAGES.map(({ path: pagePath, Page }) => <Route key={pagePath} path={pagePath} element={<Page />} />)}
          </Route>
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}
