// The shared layout of every route but / and /thank-you: header, main area, the stages' slots.
import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import type { StageDeclaration } from '../client-core/stage.ts';
import { AppHeader } from './layout/AppHeader.tsx';
import { SaveFailedAlert } from './layout/SaveFailedAlert.tsx';
import { UpdateBanner } from './layout/UpdateBanner.tsx';
import { WrongAddressNotice } from './layout/WrongAddressNotice.tsx';
import { STAGES } from './stages.ts';

/** What the stages mount on every layout page (src/app/stages.ts): the feedback button, analytics' root. */
const layoutSlots = STAGES.flatMap((stage: StageDeclaration) => stage.layoutSlots ?? []);

/**
 * After a client-side navigation, move focus to the new page's heading so screen-reader and keyboard
 * users start at the top of the new page, as they would after a full page load.
 */
function useFocusHeadingOnNavigation(): void {
  const { pathname } = useLocation();
  // Compared with the last path rather than "first render", so StrictMode's second effect run is a no-op too.
  const previousPath = useRef(pathname);
  useEffect(() => {
    if (previousPath.current === pathname) return;
    previousPath.current = pathname;
    const heading = document.querySelector<HTMLElement>('main h1');
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus();
  }, [pathname]);
}

export function Layout() {
  useFocusHeadingOnNavigation();
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main">Skip to content</a>
      <AppHeader />
      <UpdateBanner />
      <WrongAddressNotice />
      <main id="main" className="app-main">
        <Outlet />
      </main>
      <SaveFailedAlert />
      {layoutSlots.map((Slot, index) => <Slot key={index} />)}
    </div>
  );
}
