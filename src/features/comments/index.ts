// The readers' comments beside the essay, fetched once the page is shown: the panel's code, its thunk and its
// requests slice stay out of the page's first load and the app shell.
import { loadedAfterShown } from '../../ui/index.ts';

export type { CommentsPanelProps } from './CommentsPanel.tsx';
export const CommentsPanelLater = loadedAfterShown(async () => (await import('./CommentsPanel.tsx')).CommentsPanel);
