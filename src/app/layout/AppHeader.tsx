// The header of every layout page: brand link home, where the answers are saved, the plan badge, a menu
// holding the coach, Referrals and Upgrade, then the flow's progress steps. On a phone it is one compact row (the save
// state shrinks to an icon, Referrals and Upgrade fold into the menu) so the page's first field stays above
// the fold; from 48rem up the menu's items sit in the row and its toggle is hidden.
import { Link } from 'react-router-dom';
import { UpgradeButton } from '../../features/checkout/index.ts';
import { ReferralsButton } from '../../features/referrals/index.ts';
import { paths } from '../../client-core/routes.ts';
import { HeaderMenu } from './HeaderMenu.tsx';
import { PlanBadge } from './PlanBadge.tsx';
import { ProgressSteps } from './ProgressSteps.tsx';
import { SyncStatus } from './SyncStatus.tsx';
import { buttonClassName } from '../../ui/index.ts';

export function AppHeader() {
  return (
    <header className="app-header">
      <div className="app-header__bar">
        <Link to={paths.home} className="brand">Essay Studio</Link>
        <div className="app-header__actions">
          <SyncStatus />
          <PlanBadge />
          <HeaderMenu>
            <Link to={paths.coach} className={buttonClassName('ghost')}>Coach</Link>
            <ReferralsButton />
            <UpgradeButton />
          </HeaderMenu>
        </div>
      </div>
      <ProgressSteps />
    </header>
  );
}
