// The readers' comments on the student's essays, as last read from the server, and the student's replies and
// resolutions not sent yet. Both are kept on the device: comments once read show offline, and what the student
// writes offline is sent by the persistence listener's run when the browser is back (commentsSync.ts). The
// student's own writes are shown at once, laid over the server's answer until the server has them.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { z } from 'zod';
import type { commentSchema, essayCommentsSchema } from '../../common/comments/schema.ts';
import { formReset } from '../../client-core/documentActions.ts';

export type StudentComment = z.output<typeof commentSchema>;
export type CommentedShare = z.output<typeof essayCommentsSchema>['shares'][number];

/** A write waiting for the server, named by its own id (a reply's client id, so a retry stores it once). */
export type CommentWrite = { id: string; essayKey: string; commentId: string }
  & ({ kind: 'reply'; text: string; at: string } | { kind: 'resolve'; resolved: boolean });

export type CommentsState = {
  /** Each essay's shares holding comments, newest first, as the server answered them. */
  byEssay: Record<string, CommentedShare[]>;
  /** The student's writes not yet answered, in the order made. */
  outbox: CommentWrite[];
  /** The server's reason for the last write it refused for good (the comment was deleted, or is full). */
  refused: string | null;
};
export type CommentsRootState = { comments: CommentsState };

const initialState: CommentsState = { byEssay: {}, outbox: [], refused: null };

function applyWrite(comment: StudentComment, write: CommentWrite): void {
  if (write.kind === 'resolve') comment.resolved = write.resolved;
  else if (!comment.replies.some((reply) => reply.id === write.id)) comment.replies.push({ id: write.id, text: write.text, at: write.at });
}

/**
 * The comment with the writes still waiting laid over it, so the student sees their own. A copy: what the server
 * answered (an action's payload) is never changed in place.
 */
function withWaiting(comment: StudentComment, outbox: readonly CommentWrite[]): StudentComment {
  const waiting = outbox.filter((write) => write.commentId === comment.id);
  if (waiting.length === 0) return comment;
  const copy = { ...comment, replies: [...comment.replies] };
  for (const write of waiting) applyWrite(copy, write);
  return copy;
}

function findComment(state: CommentsState, essayKey: string, commentId: string): StudentComment | undefined {
  for (const share of state.byEssay[essayKey] ?? []) {
    const found = share.comments.find((comment) => comment.id === commentId);
    if (found) return found;
  }
  return undefined;
}

export const commentsSlice = createSlice({
  name: 'comments',
  initialState,
  reducers: {
    essayCommentsReceived(state, { payload }: PayloadAction<{ essayKey: string; shares: CommentedShare[] }>) {
      state.byEssay[payload.essayKey] = payload.shares.map((share) => ({
        ...share, comments: share.comments.map((comment) => withWaiting(comment, state.outbox)),
      }));
    },
    commentWritten(state, { payload }: PayloadAction<CommentWrite>) {
      // A resolution replaces one of the same comment still waiting: only the last mark matters.
      if (payload.kind === 'resolve') {
        state.outbox = state.outbox.filter((write) => !(write.kind === 'resolve' && write.commentId === payload.commentId));
      }
      state.outbox.push(payload);
      state.refused = null;
      const comment = findComment(state, payload.essayKey, payload.commentId);
      if (comment) applyWrite(comment, payload);
    },
    commentWriteSent(state, { payload }: PayloadAction<{ id: string; comment: StudentComment }>) {
      const write = state.outbox.find((waiting) => waiting.id === payload.id);
      state.outbox = state.outbox.filter((waiting) => waiting.id !== payload.id);
      if (!write) return;
      for (const share of state.byEssay[write.essayKey] ?? []) {
        const at = share.comments.findIndex((comment) => comment.id === payload.comment.id);
        if (at >= 0) share.comments[at] = withWaiting(payload.comment, state.outbox);
      }
    },
    commentWriteRefused(state, { payload }: PayloadAction<{ id: string; reason: string }>) {
      state.outbox = state.outbox.filter((waiting) => waiting.id !== payload.id);
      state.refused = payload.reason;
    },
  },
  // "Delete my data" and "Start over" take the comments off the device with the rest.
  extraReducers: (builder) => builder.addCase(formReset, () => initialState),
});

export const { essayCommentsReceived, commentWritten, commentWriteSent, commentWriteRefused } = commentsSlice.actions;

const NO_SHARES: CommentedShare[] = [];
export const selectEssayComments = (state: CommentsRootState, essayKey: string): CommentedShare[] =>
  state.comments.byEssay[essayKey] ?? NO_SHARES;
export const selectCommentOutbox = (state: CommentsRootState): CommentWrite[] => state.comments.outbox;
export const selectCommentRefused = (state: CommentsRootState): string | null => state.comments.refused;
