// Generating the essay on /result: on demand (Regenerate), and once on arrival for a paid student who has no
// essay yet. The request state is essayRequests.ts's; this hook keeps only the run it
// started, so leaving the page can stop it. Nothing starts while the page waits for the student's data (it is
// not live yet): the essay they already have may still be on its way.
import { useCallback, useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { selectIsPaid } from '../../client-core/session.ts';
import { usePageLive } from '../../ui/index.ts';
import { selectGeneratedEssay } from './essaySlice.ts';
import { selectEssayRequest } from './essayRequests.ts';
import { resultPageLeft } from './essayStreamSlice.ts';
import { generateEssay } from './essayThunks.ts';

export function useEssayGeneration() {
  const dispatch = useAppDispatch();
  const live = usePageLive();
  const paid = useAppSelector(selectIsPaid);
  const essay = useAppSelector(selectGeneratedEssay);
  const { status, error } = useAppSelector(selectEssayRequest);
  const triedOnArrival = useRef(false);
  const running = useRef<{ abort: () => void } | null>(null);

  const generate = useCallback((variant: number) => {
    running.current = dispatch(generateEssay({ variant }));
  }, [dispatch]);

  useEffect(() => {
    if (!live || !paid || essay.trim() !== '' || triedOnArrival.current) return;
    triedOnArrival.current = true;
    generate(0);
  }, [live, paid, essay, generate]);

  // Leaving the page stops the stream (and the provider's work behind it) and leaves the request idle at once.
  // A stream stopped that way may be started again on arrival (React's StrictMode unmounts and remounts once
  // in development).
  useEffect(() => () => {
    running.current?.abort();
    running.current = null;
    triedOnArrival.current = false;
    dispatch(resultPageLeft());
  }, [dispatch]);

  return { pending: status === 'pending', error, generate };
}
