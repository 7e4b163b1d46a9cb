// Generate / Regenerate Topics: the progress bar rises 10% every 500 ms, holds
// at 90% and jumps to 100% on success; a 429 shows 'Rate limit reached. Retrying in 5 seconds...' and is
// retried up to 3 times, then the rate-limit message; a daily cap is not retried (waiting 5 s cannot help).
import { useCallback, useEffect, useRef, useState } from 'react';
import { flowError } from '../../client-core/flowEvents.ts';
import { useAppDispatch } from '../../app/hooks.ts';
import {
  RATE_LIMIT_MAX_RETRIES, RATE_LIMIT_RETRY_DELAY_MS, TOPIC_PROGRESS_CAP, TOPIC_PROGRESS_STEP, TOPIC_PROGRESS_TICK_MS,
} from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';
import { generateTopics } from './generateTopics.ts';
import { topicsGenerationFailed } from './topicsSlice.ts';

type Status = 'idle' | 'pending' | 'succeeded' | 'failed';
const NOT_RETRIED = new Set(['ai_daily_cap']);
/** How long the full bar stays up after success, so the jump to 100% is seen. */
const FULL_BAR_MS = 800;

export function useTopicGeneration() {
  const dispatch = useAppDispatch();
  const [status, setStatus] = useState<Status>('idle');
  /** The bar's value, or null when it is hidden. */
  const [progress, setProgress] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => { alive.current = false; };
  }, []);

  useEffect(() => {
    if (status !== 'pending') return undefined;
    const timer = setInterval(() => {
      setProgress((value) => Math.min((value ?? 0) + TOPIC_PROGRESS_STEP, TOPIC_PROGRESS_CAP));
    }, TOPIC_PROGRESS_TICK_MS);
    return () => clearInterval(timer);
  }, [status]);

  const generate = useCallback(async (variant: number) => {
    setStatus('pending');
    setProgress(0);
    setError(null);
    for (let attempt = 0; alive.current; attempt += 1) {
      const result = await dispatch(generateTopics({ variant }));
      if (!alive.current) return;
      if (generateTopics.fulfilled.match(result)) {
        setNotice(null);
        setProgress(100);
        setStatus('succeeded');
        setTimeout(() => { if (alive.current) setProgress(null); }, FULL_BAR_MS);
        return;
      }
      const failure = result.payload ?? { status: 0, code: 'unknown', message: result.error.message ?? '' };
      if (failure.status === 429 && !NOT_RETRIED.has(failure.code) && attempt < RATE_LIMIT_MAX_RETRIES) {
        setNotice(MESSAGES.topicsRateLimitRetry);
        await new Promise((resolve) => setTimeout(resolve, RATE_LIMIT_RETRY_DELAY_MS));
        continue;
      }
      setNotice(null);
      setProgress(null);
      setError(failure.status === 429
        ? (NOT_RETRIED.has(failure.code) ? failure.message : MESSAGES.topicsRateLimitFinal)
        : MESSAGES.topicsFailed);
      setStatus('failed');
      dispatch(topicsGenerationFailed(flowError(failure, 'generate_topics', 'topics')));
      return;
    }
  }, [dispatch]);

  return { status, progress, notice, error, generate };
}
