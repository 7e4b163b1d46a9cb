// Client entry. The landing page is pre-rendered HTML that needs only React to hydrate; everything else
// (store, persistence, router) loads only when the student heads into the app.
const root = document.getElementById('root');

if (root) {
  if (window.location.pathname === '/') {
    void import('./features/landing/hydrateLanding.tsx').then(({ hydrateLanding }) => hydrateLanding(root));
  } else {
    void import('./app/startApp.tsx').then(({ startApp }) => startApp(root));
  }
}
