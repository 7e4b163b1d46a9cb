// What hydrateLanding.tsx needs to render the landing page with React on the dev server (where nothing is
// pre-rendered), behind one dynamic import. LandingPage comes from its own file, not index.ts.
export { createElement } from 'react';
export { createRoot } from 'react-dom/client';
export { LandingPage } from './LandingPage.tsx';
