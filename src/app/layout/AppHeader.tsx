// The header of every layout page: brand link home, where the answers are saved, Referrals, the
// plan badge, the Upgrade link for free students, the progress steps.
import { Link } from 'react-router-dom';
import { UpgradeLink } from '../../features/checkout/index.ts';
import { ReferralsButton } from '../../features/referrals/index.ts';
import { paths } from '../../shared-client/routes.ts';
import { PlanBadge } from './PlanBadge.tsx';
import { ProgressSteps } from './ProgressSteps.tsx';
import { SyncStatus } from './SyncStatus.tsx';

export function AppHeader() {
  return (
    <header className="app-header">
      <div className="app-header__bar">
        <Link to={paths.home} className="brand">Essay Studio</Link>
        <div className="app-header__actions">
          <SyncStatus />
          <ReferralsButton />
          <PlanBadge />
          <UpgradeLink />
        </div>
      </div>
      <ProgressSteps />
    </header>
  );
}
