// Everything hydrateLanding.tsx needs after the first paint, behind one dynamic import of an ES module, so
// the small chunk '/' loads before the paint carries no CommonJS interop helpers (React ships as CommonJS).
// LandingPage comes from its own file, not index.ts: the pre-rendered page already has its CSS inline.
export { createElement } from 'react';
export { createRoot, hydrateRoot } from 'react-dom/client';
export { LandingPage } from './LandingPage.tsx';
