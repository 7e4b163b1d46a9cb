// Whether the landing page's promo popup has been shown in this browser session (session storage), shared by
// the React button (LandingDeal.tsx) and the pre-rendered page's plain script (hydrateLanding.tsx).
import { LANDING_POPUP_SHOWN_KEY } from '../../client-core/popupTriggers.ts';

export const shownAlready = (): boolean => {
  try {
    return sessionStorage.getItem(LANDING_POPUP_SHOWN_KEY) !== null;
  } catch {
    return false;
  }
};

export const remember = (shown: boolean): void => {
  try {
    if (shown) sessionStorage.setItem(LANDING_POPUP_SHOWN_KEY, 'true');
    else sessionStorage.removeItem(LANDING_POPUP_SHOWN_KEY);
  } catch {
    // Blocked storage: the popup may show again, which is harmless.
  }
};

/** Marks the pre-rendered deal buttons, so the page's plain script finds them; `auto` on the one with triggers. */
export const DEAL_ATTRIBUTE = 'data-landing-deal';
