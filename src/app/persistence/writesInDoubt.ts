// Writes sent without a final answer: each logical write has one Idempotency-Key, kept while its outcome is
// unknown (the sync slice's `documentInDoubt`, `versionsInDoubt`) and sent again with the very same write.
import { newIdempotencyKey, toApiErrorValue } from '../../api/index.ts';
import type { WriteInDoubt } from './syncSlice.ts';

/** The key for this write: the one in doubt when it is this very write (`same`), on the same revision; else a new one. */
export const keyFor = <Sent>(doubt: WriteInDoubt<Sent> | null, baseRevision: number, same: (sent: Sent) => boolean): string =>
  (doubt !== null && doubt.baseRevision === baseRevision && same(doubt.sent) ? doubt.key : newIdempotencyKey());

/** A failed write may still have taken unless the server refused the request itself (a 4xx but 408). */
export const mayHaveTaken = (error: unknown): boolean => {
  const { status } = toApiErrorValue(error);
  return !(status >= 400 && status < 500 && status !== 408);
};
