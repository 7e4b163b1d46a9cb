// The Upgrade link: for free students only, opening the full-price checkout in a new tab. A plain link to
// GET /api/checkout/upgrade, which redirects to a checkout bound to this browser. Following it starts a
// purchase like every other checkout path, reported with the price the server will charge there.
import { UPGRADE_PATH } from '../../api/index.ts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { CURRENCY, dollars } from '../../common/constants.ts';
import { purchaseStarted } from '../../client-core/purchaseEvents.ts';
import { selectIsKnownFree } from '../../client-core/session.ts';
import { buttonClassName } from '../../ui/index.ts';
import { selectUpgradePriceCents } from '../discount/index.ts';

export function UpgradeLink({ label = 'Upgrade', variant = 'primary' }: { label?: string; variant?: 'primary' | 'secondary' }) {
  const dispatch = useAppDispatch();
  const free = useAppSelector(selectIsKnownFree);
  const priceCents = useAppSelector(selectUpgradePriceCents);
  if (!free) return null;
  return (
    <a
      href={UPGRADE_PATH}
      target="_blank"
      rel="noopener"
      className={buttonClassName(variant)}
      onClick={() => dispatch(purchaseStarted({ payment_method: 'card', value: dollars(priceCents), currency: CURRENCY }))}
    >
      {label}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
