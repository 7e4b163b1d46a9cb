// Client entry. The landing page is pre-rendered HTML that needs only React to hydrate, so its small
// hydrator is part of this chunk (one request fewer before LCP); everything else (store, persistence,
// router) loads only when the student heads into the app.
import { hydrateLanding } from './features/landing/hydrateLanding.tsx';
// A few bytes, run on every page load (the landing page has no store): keeps a valid `ref` for the session.
import { captureReferralCode } from './features/referrals/referralCode.ts';

const root = document.getElementById('root');

captureReferralCode();

if (root) {
  if (window.location.pathname === '/') {
    hydrateLanding(root);
  } else {
    void import('./app/startApp.tsx').then(({ startApp }) => startApp(root));
  }
}
