// The app routes that get a pre-rendered frame (prerenderFrames.ts writes one per route): the student layout's
// pages and /thank-you. Not the landing page (pre-rendered on its own) nor the operator's dashboard.
import { paths } from '../../client-core/routes.ts';

export interface FrameRoute {
  path: string;
  /** The page's module, a key of Vite's manifest (its chunk and stylesheets go into the frame's head). */
  module: string;
}

export const FRAME_ROUTES: readonly FrameRoute[] = [
  { path: paths.form, module: 'src/features/wizard/FormPage.tsx' },
  { path: paths.essayType, module: 'src/features/essayType/EssayTypePage.tsx' },
  { path: paths.topics, module: 'src/features/topics/TopicsPage.tsx' },
  { path: paths.followup, module: 'src/features/followup/FollowupPage.tsx' },
  { path: paths.result, module: 'src/features/essay/ResultPage.tsx' },
  { path: paths.supplemental, module: 'src/features/supplemental/SupplementalPage.tsx' },
  { path: paths.referrals, module: 'src/features/referrals/ReferralsPage.tsx' },
  { path: paths.coach, module: 'src/features/coach/CoachPage.tsx' },
  { path: paths.thankYou, module: 'src/features/checkout/ThankYouPage.tsx' },
];
