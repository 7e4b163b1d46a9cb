// Sharing a version for comments: the panel, fetched once the essay page is shown (its code, slices and calls
// stay out of the page's first load and the app shell).
import { loadedAfterShown } from '../../ui/index.ts';

export type { SharePanelProps } from './SharePanel.tsx';
export const SharePanelLater = loadedAfterShown(async () => (await import('./SharePanel.tsx')).SharePanel);
export { useOnline } from './useOnline.ts';
