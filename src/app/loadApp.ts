// Loads the app for every path but / in two steps, each in its own task: React's DOM renderer, then the app
// shell (the store, the router with the layout and the app's start: one chunk, see src/build/appShellChunk.ts),
// then the start itself. Evaluating a module graph is one uninterrupted task however large the graph; in steps, the
// browser can paint and handle input between them. The chunks are already on their way in parallel (the page
// modulepreloads them): this only spreads out their evaluation. Each step imports one of the app's own
// modules or React's entry, never a package's whole namespace (that would keep every export in the bundle).
const nextTask = (): Promise<void> => new Promise((resolve) => {
  setTimeout(resolve, 0);
});

export async function loadApp(rootElement: HTMLElement): Promise<void> {
  await import('react-dom/client');
  await nextTask();
  const { startApp } = await import('./startApp.tsx');
  await nextTask();
  startApp(rootElement);
}
