// A shared draft with a reader's comments on it, and the newer text the student wrote since: one comment on words
// kept (the paragraph edited around them), one on words rewritten, one general.
import { anchorAt } from '../../../src/common/comments/anchor.ts';
import type { CommentedShare, StudentComment } from '../../../src/features/comments/commentsSlice.ts';

export const SNAPSHOT = 'The summer I turned sixteen, my grandmother taught me to fish. We sat on the dock for hours.\n\n'
  + 'She never said much, but she taught me that patience is a kind of listening.';
/** Words inserted before the dock and a paragraph added; "patience is a kind of listening" rewritten. */
export const EDITED = 'Every morning that summer I turned sixteen, my grandmother taught me to fish. We sat quietly on the dock for hours.\n\n'
  + 'She never said much, but she showed me that waiting is how you hear the water.\n\nI still go back.';

const anchorOf = (quote: string) => {
  const start = SNAPSHOT.indexOf(quote);
  const made = anchorAt(SNAPSHOT, start, start + quote.length);
  if (!('anchor' in made)) throw new Error(made.problem);
  return made.anchor;
};

export const ON_THE_DOCK: StudentComment = {
  id: '0b6f1c9e-3c55-4a55-9d7f-0c1e2d3f4a51', text: 'Which dock? Say where.', anchor: anchorOf('on the dock'),
  resolved: false, at: '2026-03-02T10:00:00.000Z', replies: [],
};
export const ON_PATIENCE: StudentComment = {
  id: '0b6f1c9e-3c55-4a55-9d7f-0c1e2d3f4a52', text: 'Lovely: keep this.', anchor: anchorOf('patience is a kind of listening'),
  resolved: false, at: '2026-03-02T10:01:00.000Z', replies: [],
};
export const GENERAL: StudentComment = {
  id: '0b6f1c9e-3c55-4a55-9d7f-0c1e2d3f4a53', text: 'A strong draft. The ending could say more.',
  resolved: false, at: '2026-03-02T10:02:00.000Z', replies: [],
};

export const SHARE: CommentedShare = {
  id: 'AAAAAAAAAAAAAAAAAAAAAA', versionId: 'version-0001', readerName: 'Ms. Álvarez', snapshot: SNAPSHOT,
  createdAt: '2026-03-01T09:00:00.000Z', expiresAt: '2026-03-08T09:00:00.000Z', state: 'live',
  comments: [ON_THE_DOCK, ON_PATIENCE, GENERAL],
};
