// The header of every layout page: brand link home, where the answers are saved, the plan badge, a menu
// holding the stages' links (the coach, Referrals and Upgrade), then the flow's progress steps. On a phone it is
// one compact row (the save state shrinks to an icon, the links fold into the menu) so the page's first field
// stays above the fold; from 48rem up the menu's items sit in the row and its toggle is hidden.
import { Link } from 'react-router-dom';
import { paths } from '../../client-core/routes.ts';
import type { StageDeclaration } from '../../client-core/stage.ts';
import { STAGES } from '../stages.ts';
import { HeaderMenu } from './HeaderMenu.tsx';
import { PlanBadge } from './PlanBadge.tsx';
import { ProgressSteps } from './ProgressSteps.tsx';
import { SyncStatus } from './SyncStatus.tsx';

/** The stages' header links (src/app/stages.ts), in the list's order. */
const headerLinks = STAGES.flatMap((stage: StageDeclaration) => stage.headerLinks ?? []);

export function AppHeader() {
  return (
    <header className="app-header">
      <div className="app-header__bar">
        <Link to={paths.home} className="brand">Essay Studio</Link>
        <div className="app-header__actions">
          <SyncStatus />
          <PlanBadge />
          <HeaderMenu>
            {headerLinks.map((HeaderLink, index) => <HeaderLink key={index} />)}
          </HeaderMenu>
        </div>
      </div>
      <ProgressSteps />
    </header>
  );
}
