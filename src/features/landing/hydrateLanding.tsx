// Makes the pre-rendered landing page live. Only React and the landing components load here: no store,
// router or persistence, so '/' stays within its JavaScript budget.
//
// Nothing here imports React statically (not even JSX, whose runtime shares React's chunk): React is
// fetched only after the first paint. The page already works without JavaScript (plain links, <details>),
// so hydrating a frame later costs the student nothing, while fetching ~70 KB of React before the first
// paint would delay it (Lighthouse counts scripts evaluated before the largest paint against LCP).

/** Resolves just after the browser has painted the next frame (the pre-rendered page). */
const afterNextPaint = (): Promise<void> =>
  new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });

export async function hydrateLanding(root: HTMLElement): Promise<void> {
  await afterNextPaint();
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
