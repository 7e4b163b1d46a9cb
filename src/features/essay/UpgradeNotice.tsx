// What a free student sees on /result instead of an essay: the notice, then the checkout panel with
// the 'Save More Than 40%' promo button, the discount code, referral credits and the Upgrade button.
import { Alert } from '../../ui/index.ts';
import { CheckoutPanel } from '../checkout/components.ts';

export function UpgradeNotice() {
  return (
    <>
      <Alert tone="info" title="Generating your essay needs the paid plan">
        <p>Topic suggestions and follow-up questions are free. Upgrade to generate and regenerate your essay.</p>
      </Alert>
      <CheckoutPanel />
    </>
  );
}
