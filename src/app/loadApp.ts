// Loads the app for every path but / in a few steps, each in its own task. Evaluating a module graph is one
// uninterrupted task however large the graph, and the app's (React's DOM renderer, the store with its slices,
// the router with the layout, then the app's start) would block a phone's main thread for a few hundred
// milliseconds at once; in steps, the browser can paint and handle input between
// them. The chunks are already on their way in parallel (the page modulepreloads them): this only spreads out
// their evaluation. Each step imports one of the app's own modules, never a package's whole namespace (that
// would keep every export of the package in the bundle).
const nextTask = (): Promise<void> => new Promise((resolve) => {
  setTimeout(resolve, 0);
});

export async function loadApp(rootElement: HTMLElement): Promise<void> {
  await import('react-dom/client');
  await nextTask();
  await import('./store.ts');
  await nextTask();
  await import('./router.tsx');
  await nextTask();
  const { startApp } = await import('./startApp.tsx');
  await nextTask();
  startApp(rootElement);
}
