// What a free student sees on /result instead of an essay. The payments issue adds the purchase panel, the
// 'Save More Than 40%' promo button and the Upgrade link here (SPEC §2): this component is that slot.
import { Alert } from '../../ui/index.ts';

export function UpgradeNotice() {
  return (
    <Alert tone="info" title="Generating your essay needs the paid plan">
      <p>Topic suggestions and follow-up questions are free. Upgrade to generate and regenerate your essay.</p>
    </Alert>
  );
}
