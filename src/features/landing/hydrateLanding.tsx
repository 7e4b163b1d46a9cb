// Makes the pre-rendered landing page live. Only React and the landing components load here: no store,
// router or persistence, so '/' stays within its JavaScript budget.
//
// Nothing here imports React statically (not even JSX, whose runtime shares React's chunk): React is
// fetched only once the first paint has reached the screen. The page already works without JavaScript
// (plain links, <details>), so hydrating a moment later costs the student nothing, while ~70 KB of React
// fetched before the first paint would delay it (Lighthouse counts every request that finishes before the
// largest paint against LCP, and ES modules are never ruled out by their evaluation time).

/** After this long without a paint (a hidden tab, say), hydrate anyway. */
const PAINT_WAIT_LIMIT_MS = 3000;

/** Resolves once the browser reports the first contentful paint (that is, after it was presented). */
function afterFirstContentfulPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (!globalThis.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
      // No Paint Timing: the frame after next is the best guess.
      requestAnimationFrame(() => setTimeout(resolve, 0));
      return;
    }
    const observer = new PerformanceObserver((entries) => {
      if (entries.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    const timer = setTimeout(() => done(), PAINT_WAIT_LIMIT_MS);
    function done(): void {
      observer.disconnect();
      clearTimeout(timer);
      setTimeout(resolve, 0);
    }
    observer.observe({ type: 'paint', buffered: true });
  });
}

export async function hydrateLanding(root: HTMLElement): Promise<void> {
  await afterFirstContentfulPaint();
  const { createElement, createRoot, hydrateRoot, LandingPage } = await import('./landingRuntime.ts');
  const page = createElement(LandingPage);
  if (root.firstElementChild) {
    // The production build: the markup and its stylesheet (inline) are already in the page.
    hydrateRoot(root, page);
  } else {
    // The dev server serves the bare template: render from scratch, with the stylesheet.
    await import('./landing.css');
    createRoot(root).render(page);
  }
}
