// Writes sent without a final answer: each logical write has one Idempotency-Key, kept while its outcome is
// unknown (the sync slice's `documentInDoubt`, `versionsInDoubt`) and sent again with the very same write;
// whether a failure leaves it in doubt is the API layer's `mayHaveTaken`.
import { newIdempotencyKey } from '../../api/index.ts';
import type { WriteInDoubt } from './syncSlice.ts';

/** The key for this write: the one in doubt when it is this very write (`same`), on the same revision; else a new one. */
export const keyFor = <Sent>(doubt: WriteInDoubt<Sent> | null, baseRevision: number, same: (sent: Sent) => boolean): string =>
  (doubt !== null && doubt.baseRevision === baseRevision && same(doubt.sent) ? doubt.key : newIdempotencyKey());

