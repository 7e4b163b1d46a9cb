// The topics' progress bar, an animation of the request's status (the status itself lives in the slice):
// from 0 it rises 10% every 500 ms and holds at 90% while the request is on its way; on success it jumps to
// 100% and stays up a moment so the jump is seen; on failure it goes.
import { useEffect, useState } from 'react';
import type { RequestStatus } from '../../client-core/requestState.ts';

const TOPIC_PROGRESS_TICK_MS = 500;
const TOPIC_PROGRESS_STEP = 10;
const TOPIC_PROGRESS_CAP = 90;
/** How long the full bar stays up after success. */
const FULL_BAR_MS = 800;

/** The bar's value, or null when it is hidden. A page opened on a finished request shows none. */
export function useProgressBar(status: RequestStatus): number | null {
  const [progress, setProgress] = useState<number | null>(null);
  const [shownFor, setShownFor] = useState(status);
  // Follows the status during render (React's way to adjust state to a changed input).
  if (status !== shownFor) {
    setShownFor(status);
    setProgress(status === 'pending' ? 0 : status === 'succeeded' && progress !== null ? 100 : null);
  }

  useEffect(() => {
    if (status !== 'pending') return undefined;
    const timer = setInterval(() => {
      setProgress((value) => Math.min((value ?? 0) + TOPIC_PROGRESS_STEP, TOPIC_PROGRESS_CAP));
    }, TOPIC_PROGRESS_TICK_MS);
    return () => clearInterval(timer);
  }, [status]);

  const full = progress === 100;
  useEffect(() => {
    if (!full) return undefined;
    const timer = setTimeout(() => setProgress(null), FULL_BAR_MS);
    return () => clearTimeout(timer);
  }, [full]);

  return progress;
}
