// The comments' step of the remote sync (the stage's `remoteDocument`), loaded with the run: each reply and
// resolution the student made goes to the server in the order made. Both are safe to send twice (a reply carries
// its client id, a resolution is a mark), so a write whose answer never came is simply sent again next run. A
// write the server refuses for good (the comment deleted by its reader, or holding 20 replies) leaves the queue
// with the server's reason; a failure that may pass is thrown for the run to retry.
import { ApiError, isRetryable, toApiErrorValue } from '../../api/index.ts';
import type { AppStoreApi } from '../../app/hooks.ts';
import type { RemoteDocumentApi } from '../../client-core/stage.ts';
import { commentWriteRefused, commentWriteSent, type CommentsRootState } from './commentsSlice.ts';
import { sendCommentWrite } from './commentsThunks.ts';

export async function sendCommentWrites(api: RemoteDocumentApi): Promise<void> {
  // The listener's dispatch runs thunks too; its type names plain actions only.
  const dispatch = api.dispatch as AppStoreApi['dispatch'];
  for (;;) {
    const write = (api.getState() as CommentsRootState).comments.outbox[0];
    if (write === undefined) return;
    const sending = dispatch(sendCommentWrite(write));
    const abort = () => sending.abort();
    api.signal.addEventListener('abort', abort);
    const answer = await sending.finally(() => api.signal.removeEventListener('abort', abort));
    if (sendCommentWrite.fulfilled.match(answer)) {
      dispatch(commentWriteSent({ id: write.id, comment: answer.payload }));
      continue;
    }
    const value = answer.payload ?? toApiErrorValue(answer.error);
    if (isRetryable(value) || value.status === 401 || value.status === 0) throw new ApiError(value);
    dispatch(commentWriteRefused({ id: write.id, reason: value.message }));
  }
}
