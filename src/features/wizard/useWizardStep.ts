// The wizard's current step (0–4), kept in local storage under WIZARD_STEP_KEY so a reload returns to it.
import { useCallback, useEffect, useState } from 'react';
import { FORM_STEPS, WIZARD_STEP_KEY } from '../../common/constants.ts';

export const LAST_STEP = FORM_STEPS.length - 1;

export const clampStep = (step: number): number =>
  Number.isInteger(step) ? Math.min(Math.max(step, 0), LAST_STEP) : 0;

export const readStoredStep = (): number => {
  try {
    const raw = localStorage.getItem(WIZARD_STEP_KEY);
    return raw === null ? 0 : clampStep(Number(raw));
  } catch {
    return 0; // storage blocked (private mode, policy): start at the beginning
  }
};

export function useWizardStep() {
  const [step, setStep] = useState(readStoredStep);

  useEffect(() => {
    try {
      localStorage.setItem(WIZARD_STEP_KEY, String(step));
    } catch {
      // Not being able to remember the step must never break the questionnaire.
    }
  }, [step]);

  const goTo = useCallback((next: number) => setStep(clampStep(next)), []);
  return { step, goTo };
}
