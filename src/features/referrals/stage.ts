// Referrals as a stage of the app (src/app/stages.ts): the slice, the listener that tracks a referral, the
// header's button, and /referrals, open once the questionnaire passes.
import { paths } from '../../client-core/routes.ts';
import type { Stage } from '../../client-core/stage.ts';
import { selectQuestionnairePassesGating } from '../wizard/index.ts';
import { ReferralsButton } from './ReferralsButton.tsx';
import { addReferralListeners } from './referralListeners.ts';
import { referralsSlice } from './referralsSlice.ts';

const slices = [referralsSlice] as const;

export const referralsStage: Stage<typeof slices> = {
  name: 'referrals',
  slices,
  analytics: () => import('./analytics.ts'),
  listeners: [addReferralListeners],
  routes: [{
    path: paths.referrals, page: () => import('./ReferralsPage.tsx'), frame: 'src/features/referrals/ReferralsPage.tsx',
    after: paths.form, needs: selectQuestionnairePassesGating,
  }],
  headerLinks: [ReferralsButton],
};
