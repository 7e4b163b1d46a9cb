// The checkout as a stage of the app (src/app/stages.ts): the header's Upgrade button, and /thank-you, a page
// of its own (it verifies the payment itself).
import { paths } from '../../client-core/routes.ts';
import type { Stage } from '../../client-core/stage.ts';
import { UpgradeButton } from './UpgradeButton.tsx';

const slices = [] as const;

export const checkoutStage: Stage<typeof slices> = {
  name: 'checkout',
  slices,
  analytics: () => import('./analytics.ts'),
  routes: [{
    path: paths.thankYou, page: () => import('./ThankYouPage.tsx'), frame: 'src/features/checkout/ThankYouPage.tsx', layout: 'own',
    online: true,
  }],
  headerLinks: [UpgradeButton],
};
