// The Upgrade button: for free students only, opening the full-price checkout in a new tab. It posts a form to
// POST /api/checkout/upgrade, which redirects to a checkout bound to this browser (a POST, because starting a
// checkout closes the browser's open one). Pressing it starts a purchase like every other checkout path,
// reported with the price the server will charge there.
import { UPGRADE_PATH } from '../../api/index.ts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { CURRENCY, dollars } from '../../common/money/pricing.ts';
import { purchaseStarted } from '../../client-core/purchaseEvents.ts';
import { selectIsKnownFree } from '../../client-core/session.ts';
import { buttonClassName, NewTabPostButton } from '../../ui/index.ts';
import { selectUpgradePriceCents } from '../discount/index.ts';

export function UpgradeButton({ label = 'Upgrade', variant = 'primary' }: { label?: string; variant?: 'primary' | 'secondary' }) {
  const dispatch = useAppDispatch();
  const free = useAppSelector(selectIsKnownFree);
  const priceCents = useAppSelector(selectUpgradePriceCents);
  if (!free) return null;
  return (
    <NewTabPostButton
      action={UPGRADE_PATH}
      className={buttonClassName(variant)}
      onClick={() => dispatch(purchaseStarted({ payment_method: 'card', value: dollars(priceCents), currency: CURRENCY }))}
    >
      {label}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </NewTabPostButton>
  );
}
