// The version lists come below the essay, nothing of the page's first screen: their chunk (the list, the
// word diff) loads once the page is shown. The versions themselves are in the store and the device copy all
// along.
import { loadedAfterShown } from '../../ui/index.ts';

/** The essay's versions on /result (EssayVersions). */
export const EssayVersionsLater = loadedAfterShown(async () => (await import('./EssayVersions.tsx')).EssayVersions);

/** One essay's version list (EssayVersionList). */
export const EssayVersionListLater = loadedAfterShown(async () => (await import('./EssayVersions.tsx')).EssayVersionList);
