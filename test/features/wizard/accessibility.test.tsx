// axe on every step and on the Start over dialog (contrast is checked in the browser, not in the tests' page).
import { screen } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { passingProfile, storeStep } from './fixtures.ts';
import { renderWizard } from './renderWizard.tsx';

const violations = async (container: Element) => {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

describe('wizard accessibility (axe)', () => {
  it.each([0, 1, 2, 3, 4])('step %i has no violations, with errors and an activity shown', async (step) => {
    storeStep(step);
    const profile = passingProfile();
    const { container, user } = renderWizard({
      wizard: { ...profile, basicInfo: { fullName: '', email: 'not-an-email' } },
    });
    if (step === 3) await user.click(screen.getByRole('button', { name: 'Add activity' }));
    if (step === 2) await user.type(screen.getByRole('textbox', { name: /specific colleges/i }), 'Yale{Enter}');
    expect(await violations(container)).toEqual([]);
  });

  it('the Start over dialog has no violations', async () => {
    const { container, user } = renderWizard();
    await user.click(screen.getByRole('button', { name: 'Start over' }));
    expect(await violations(container)).toEqual([]);
  });
});
