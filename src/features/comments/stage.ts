// The readers' comments as a stage of the app (src/app/stages.ts): what was read of them and the student's
// replies and resolutions, kept on the device; the writes are sent by the persistence listener's run after
// the form document, like a stage's own document. The panel showing them comes with the pages (index.ts).
import type { Stage } from '../../client-core/stage.ts';
import { commentsSlice, type CommentsRootState } from './commentsSlice.ts';

const slices = [commentsSlice] as const;

export const commentsStage: Stage<typeof slices> = {
  name: 'comments',
  slices,
  deviceKeeps: ['comments'],
  remoteDocument: {
    of: (state: CommentsRootState) => state.comments.outbox,
    unsent: (state: CommentsRootState) => state.comments.outbox.length > 0,
    step: () => import('./commentsSync.ts').then(({ sendCommentWrites }) => sendCommentWrites),
  },
};
