// Client entry, shared by the landing page and every app route, so it holds almost nothing itself. The landing
// page is pre-rendered HTML that is never hydrated: the few lines that make its deal buttons and popup triggers
// work are a chunk of their own, which the landing page modulepreloads beside this one once its first paint is
// done (see deferEntryScript in src/build/builtChunks.ts), and the app's routes never load. React
// comes only with the popup. Everything else (store, persistence, router) loads only when the student heads into
// the app.
// A few bytes, run on every page load (the landing page has no store): keeps a valid `ref` for the session.
import { captureReferralCode } from './features/referrals/referralCode.ts';

const root = document.getElementById('root');

captureReferralCode();

if (root) {
  if (window.location.pathname === '/') {
    void import('./features/landing/hydrateLanding.tsx').then(({ hydrateLanding }) => hydrateLanding(root));
  } else {
    void import('./app/loadApp.ts').then(({ loadApp }) => loadApp(root));
  }
}
