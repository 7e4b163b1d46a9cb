// What comes below the essay, nothing of the page's first screen: the version lists (with the word diff) and the
// record of how the essay was made. Their code loads once the page is shown. What they show is in the store and
// the device copy all along.
import { loadedAfterShown } from '../../ui/index.ts';

/** The essay's versions on /result (EssayVersions). */
export const EssayVersionsLater = loadedAfterShown(async () => (await import('./EssayVersions.tsx')).EssayVersions);

/** One essay's version list (EssayVersionList). */
export const EssayVersionListLater = loadedAfterShown(async () => (await import('./EssayVersions.tsx')).EssayVersionList);

/** "How this essay was made" (EssayRecordPanel). */
export const EssayRecordPanelLater = loadedAfterShown(async () => (await import('./EssayRecordPanel.tsx')).EssayRecordPanel);
