// The Upgrade link: for free students only, opening the full-price checkout in a new tab. A plain
// link to GET /api/checkout/upgrade, which redirects to a checkout bound to this browser.
import { UPGRADE_PATH } from '../../api/index.ts';
import { useAppSelector } from '../../app/hooks.ts';
import { selectIsPaid, selectPlanKnown } from '../../app/session/index.ts';
import { buttonClassName } from '../../ui/index.ts';

export function UpgradeLink({ label = 'Upgrade', variant = 'primary' }: { label?: string; variant?: 'primary' | 'secondary' }) {
  const free = useAppSelector((state) => selectPlanKnown(state) && !selectIsPaid(state));
  if (!free) return null;
  return (
    <a href={UPGRADE_PATH} target="_blank" rel="noopener" className={buttonClassName(variant)}>
      {label}
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
