// The wizard's current step (0–4), kept in local storage under WIZARD_STEP_KEY so a reload returns to it (in the
// tab's own storage on a shared computer).
import { useCallback, useEffect, useRef, useState } from 'react';
import { FORM_STEPS } from '../../common/questionnaire/questionnaire.ts';
import { WIZARD_STEP_KEY } from './stepKey.ts';
import { useHydrating } from '../../ui/index.ts';
import { noteStorage } from '../../client-core/sharedComputer.ts';

export const LAST_STEP = FORM_STEPS.length - 1;

export const clampStep = (step: number): number =>
  Number.isInteger(step) ? Math.min(Math.max(step, 0), LAST_STEP) : 0;

export const readStoredStep = (): number => {
  try {
    const raw = noteStorage().getItem(WIZARD_STEP_KEY);
    return raw === null ? 0 : clampStep(Number(raw));
  } catch {
    return 0; // storage blocked (private mode, policy): start at the beginning
  }
};

export function useWizardStep() {
  // null until the student moves: then the step this page opened at, read once the page is no longer the frame
  // being hydrated (the frame shows step 1, knowing nothing of this browser). Read once: another tab moving or
  // clearing the stored step later does not move this one.
  const [chosen, setChosen] = useState<number | null>(null);
  const hydrating = useHydrating();
  const openedAt = useRef<number | null>(null);
  if (!hydrating && openedAt.current === null) openedAt.current = readStoredStep();
  const step = chosen ?? openedAt.current ?? 0;

  useEffect(() => {
    if (chosen === null) return;
    try {
      noteStorage().setItem(WIZARD_STEP_KEY, String(chosen));
    } catch {
      // Not being able to remember the step must never break the questionnaire.
    }
  }, [chosen]);

  const goTo = useCallback((next: number) => setChosen(clampStep(next)), []);
  /** `moved`: the step shown is one the student went to on this page, not the one it opened at. */
  return { step, goTo, moved: chosen !== null };
}
