// The essay's request state on /result: generate (or regenerate) on demand, and once on arrival for a paid
// student who has no essay yet. A 402 reads MESSAGES.upgradeRequired, other failures MESSAGES.essayFailed.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiErrorValue } from '../../api/index.ts';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { selectIsPaid } from '../../client-core/session.ts';
import { MESSAGES } from '../../common/messages.ts';
import { selectGeneratedEssay } from './essaySlice.ts';
import { generateEssay } from './generateEssay.ts';

export const essayErrorMessage = (error: ApiErrorValue): string => {
  if (error.status === 402 || error.code === 'payment_required') return MESSAGES.upgradeRequired;
  // A limit the student hit says what to do about it; everything else is MESSAGES.essayFailed.
  if (error.status === 429) return `${MESSAGES.essayFailed} ${error.message}`;
  return MESSAGES.essayFailed;
};

export function useEssayGeneration() {
  const dispatch = useAppDispatch();
  const paid = useAppSelector(selectIsPaid);
  const essay = useAppSelector(selectGeneratedEssay);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const triedOnArrival = useRef(false);
  const running = useRef<{ abort: () => void } | null>(null);

  const generate = useCallback(async (variant: number) => {
    setPending(true);
    setError(null);
    const request = dispatch(generateEssay({ variant }));
    running.current = request;
    const result = await request;
    if (running.current !== request) return;
    running.current = null;
    setPending(false);
    if (generateEssay.rejected.match(result) && result.payload?.code !== 'aborted') {
      setError(essayErrorMessage(result.payload ?? { status: 0, code: 'unknown', message: '' }));
    }
  }, [dispatch]);

  useEffect(() => {
    if (!paid || essay.trim() !== '' || triedOnArrival.current) return;
    triedOnArrival.current = true;
    void generate(0);
  }, [paid, essay, generate]);

  // Leaving the page stops the stream (and the provider's work behind it). A stream stopped that way may be
  // started again on arrival (React's StrictMode unmounts and remounts once in development).
  useEffect(() => () => {
    if (!running.current) return;
    running.current.abort();
    running.current = null;
    triedOnArrival.current = false;
  }, []);

  return { pending, error, generate };
}
