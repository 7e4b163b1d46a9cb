// Reads one essay's comments from the server, every page of them, into the comments slice (kept on the device).
import { apiRequest, endpoints, toApiErrorValue } from '../../api/index.ts';
import { createAppAsyncThunk } from '../../app/hooks.ts';
import { essayCommentsReceived, type CommentedShare, type CommentWrite, type StudentComment } from './commentsSlice.ts';

/** Pages read at most: 20 shares each, so 100 shares of one essay, far more than 20 live links leave. */
const MAX_PAGES = 5;

export const loadEssayComments = createAppAsyncThunk('comments/load', async (essayKey: string, { dispatch, signal, rejectWithValue }) => {
  try {
    const shares: CommentedShare[] = [];
    let after: string | undefined;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const answer = await apiRequest(endpoints.essayComments, { query: { essayKey, after }, signal });
      shares.push(...answer.shares);
      if (!answer.more || answer.shares.length === 0) break;
      after = answer.shares.at(-1)?.id;
    }
    dispatch(essayCommentsReceived({ essayKey, shares }));
    return essayKey;
  } catch (error) {
    return rejectWithValue(toApiErrorValue(error));
  }
}, {
  // One read of an essay's comments at a time.
  condition: (essayKey, { getState }) =>
    (getState() as { commentsRequests?: Record<string, { status: string }> }).commentsRequests?.[essayKey]?.status !== 'pending',
});

/** One reply or resolution the student made, sent as made (the sync's step sends them in order: commentsSync.ts). */
export const sendCommentWrite = createAppAsyncThunk('comments/sendWrite', async (write: CommentWrite, { signal, rejectWithValue }) => {
  const path = `/api/comments/${encodeURIComponent(write.commentId)}`;
  try {
    const sent: StudentComment = write.kind === 'reply'
      ? await apiRequest({ ...endpoints.replyToComment, path: `${path}/replies` }, { body: { clientId: write.id, text: write.text }, signal })
      : await apiRequest({ ...endpoints.resolveComment, path }, { body: { resolved: write.resolved }, signal });
    return sent;
  } catch (error) {
    return rejectWithValue(toApiErrorValue(error));
  }
});
