// The wizard's analytics events: a step completed (time on that step) and the questionnaire abandoned
// (time since it was opened) when the page is hidden or the wizard unmounts before Continue.
import { useCallback, useEffect, useRef } from 'react';
import { useAppDispatch } from '../../app/hooks.ts';
import { FORM_STEPS } from '../../common/questionnaire/questionnaire.ts';
import { wizardAbandoned, wizardStepCompleted } from './wizardSlice.ts';
import type { WizardStepEvent } from './wizardSlice.ts';

const secondsSince = (start: number) => Math.max(0, Math.round((Date.now() - start) / 1000));

const eventFor = (step: number, since: number): WizardStepEvent => ({
  stepName: FORM_STEPS[step] ?? '',
  stepNumber: step + 1,
  timeSpentSeconds: secondsSince(since),
});

export function useWizardEvents(step: number) {
  const dispatch = useAppDispatch();
  const stepRef = useRef(step);
  const stepStart = useRef(0);
  const visitStart = useRef(0);
  const finished = useRef(false);
  const abandonedSent = useRef(false);
  const pendingUnmount = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    stepRef.current = step;
    stepStart.current = Date.now();
  }, [step]);

  useEffect(() => {
    clearTimeout(pendingUnmount.current); // StrictMode's rehearsal unmount is not an abandonment
    if (visitStart.current === 0) visitStart.current = Date.now();
    const abandon = () => {
      if (finished.current || abandonedSent.current) return;
      abandonedSent.current = true;
      dispatch(wizardAbandoned(eventFor(stepRef.current, visitStart.current)));
    };
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) abandonedSent.current = false; // back from the bfcache: the visit goes on
    };
    window.addEventListener('pagehide', abandon);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('pagehide', abandon);
      window.removeEventListener('pageshow', onPageShow);
      pendingUnmount.current = setTimeout(abandon, 0);
    };
  }, [dispatch]);

  /** The student leaves `step` forward; `last` marks the questionnaire finished. */
  const stepCompleted = useCallback((completed: number, last = false) => {
    if (last) finished.current = true;
    dispatch(wizardStepCompleted(eventFor(completed, stepStart.current)));
  }, [dispatch]);

  return { stepCompleted };
}
