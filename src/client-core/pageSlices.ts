// Slices a stage's page brings with it: its requests slice, which follows its thunks by their action creators and
// so comes with them, in the page's chunk rather than in the app shell every page loads. Such a module registers
// its slice here as it is evaluated; the app injects every one registered, before and after the store is built
// (src/app/store.ts), so the core never imports the stage. Their state appears with the next action dispatched,
// and their selectors read an absent slice as idle. None of them is ever in the device copy.
import type { Reducer } from '@reduxjs/toolkit';

type PageSlice = { reducerPath: string; reducer: Reducer };

const registered: PageSlice[] = [];
const injectors: Array<(slice: PageSlice) => void> = [];

/** Called by the module that defines `slice`, once, as it is loaded. */
export function addPageSlice(slice: PageSlice): void {
  registered.push(slice);
  for (const inject of injectors) inject(slice);
}

/** Hands every page slice, those registered already and those to come, to `inject`. */
export function injectPageSlices(inject: (slice: PageSlice) => void): void {
  injectors.push(inject);
  for (const slice of registered) inject(slice);
}
