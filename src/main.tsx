// Client entry. The landing page is pre-rendered HTML that needs only React to hydrate, so its small
// hydrator is part of this chunk (one request fewer before LCP); everything else (store, persistence,
// router) loads only when the student heads into the app.
import { hydrateLanding } from './features/landing/hydrateLanding.tsx';

const root = document.getElementById('root');

if (root) {
  if (window.location.pathname === '/') {
    hydrateLanding(root);
  } else {
    void import('./app/startApp.tsx').then(({ startApp }) => startApp(root));
  }
}
