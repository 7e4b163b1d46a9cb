import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WIZARD_STEP_KEY } from '../../../src/features/wizard/stepKey.ts';
import { useWizardStep } from '../../../src/features/wizard/useWizardStep.ts';

describe('useWizardStep', () => {
  it('opens at the stored step and keeps it when another tab clears or moves the stored one', () => {
    localStorage.setItem(WIZARD_STEP_KEY, '4');
    const { result, rerender } = renderHook(() => useWizardStep());
    expect(result.current).toMatchObject({ step: 4, moved: false });
    // "Delete my data" in another tab clears local storage; this tab stays where the student is.
    localStorage.clear();
    rerender();
    expect(result.current.step).toBe(4);
    localStorage.setItem(WIZARD_STEP_KEY, '1');
    rerender();
    expect(result.current.step).toBe(4);
  });

  it('remembers the step the student goes to, within the five steps', () => {
    const { result } = renderHook(() => useWizardStep());
    expect(result.current.step).toBe(0);
    act(() => result.current.goTo(2));
    expect(result.current).toMatchObject({ step: 2, moved: true });
    expect(localStorage.getItem(WIZARD_STEP_KEY)).toBe('2');
    act(() => result.current.goTo(9));
    expect(result.current.step).toBe(4);
  });
});
