// The comments' step of the remote sync (the stage's `remoteDocument`), loaded with the run: each reply and
// resolution the student made goes to the server in the order made. Both are safe to send twice (a reply carries
// its client id, a resolution is a mark), so a write whose answer never came is simply sent again next run. A
// write the server refuses for good (the comment deleted by its reader, or holding 20 replies) leaves the queue
// with the server's reason; a failure that may pass is thrown for the run to retry.
import { apiRequest, endpoints, isRetryable, toApiErrorValue } from '../../api/index.ts';
import type { RemoteDocumentApi } from '../../client-core/stage.ts';
import {
  commentWriteRefused, commentWriteSent, type CommentsRootState, type CommentWrite, type StudentComment,
} from './commentsSlice.ts';

function send(write: CommentWrite, signal: AbortSignal): Promise<StudentComment> {
  const path = `/api/comments/${encodeURIComponent(write.commentId)}`;
  if (write.kind === 'reply') {
    return apiRequest({ ...endpoints.replyToComment, path: `${path}/replies` }, { body: { clientId: write.id, text: write.text }, signal });
  }
  return apiRequest({ ...endpoints.resolveComment, path }, { body: { resolved: write.resolved }, signal });
}

export async function sendCommentWrites(api: RemoteDocumentApi): Promise<void> {
  for (;;) {
    const write = (api.getState() as CommentsRootState).comments.outbox[0];
    if (write === undefined) return;
    try {
      api.dispatch(commentWriteSent({ id: write.id, comment: await send(write, api.signal) }));
    } catch (error) {
      const value = toApiErrorValue(error);
      if (isRetryable(value) || value.status === 401 || value.status === 0) throw error;
      api.dispatch(commentWriteRefused({ id: write.id, reason: value.message }));
    }
  }
}
