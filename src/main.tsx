// Client entry. The landing page is pre-rendered HTML that is never hydrated: the few lines that make its
// deal buttons and popup triggers work are part of this chunk (one request fewer), which the landing page asks
// for only once its first paint is done (see deferEntryScript in src/features/landing/prerenderPages.ts), and
// React comes only with the popup. Everything else (store, persistence, router) loads only when the student heads into
// the app.
import { hydrateLanding } from './features/landing/hydrateLanding.tsx';
// A few bytes, run on every page load (the landing page has no store): keeps a valid `ref` for the session.
import { captureReferralCode } from './features/referrals/referralCode.ts';

const root = document.getElementById('root');

captureReferralCode();

if (root) {
  if (window.location.pathname === '/') {
    hydrateLanding(root);
  } else {
    void import('./app/loadApp.ts').then(({ loadApp }) => loadApp(root));
  }
}
