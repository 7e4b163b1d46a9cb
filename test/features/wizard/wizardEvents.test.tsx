import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { wizardAbandoned, wizardStepCompleted } from '../../../src/features/wizard/index.ts';
import { passingProfile, storeStep } from './fixtures.ts';
import { renderWizard } from './renderWizard.tsx';

const eventsOf = (actions: { type: string; payload?: unknown }[]) =>
  actions.filter((a) => a.type === wizardStepCompleted.type || a.type === wizardAbandoned.type);

/** The wizard reports an unmount on the next tick (so StrictMode's rehearsal unmount does not count). */
const flushUnmount = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('wizard analytics events', () => {
  beforeEach(() => {
    // Only the clock is faked: user-event and React keep their real timers.
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('dispatches wizardStepCompleted with the step name, number and seconds spent on it', async () => {
    const { user, actions } = renderWizard({ wizard: passingProfile() });
    act(() => vi.advanceTimersByTime(12_000));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    act(() => vi.advanceTimersByTime(30_000));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(eventsOf(actions)).toEqual([
      wizardStepCompleted({ stepName: 'Basic Information', stepNumber: 1, timeSpentSeconds: 12 }),
      wizardStepCompleted({ stepName: 'Academic Information', stepNumber: 2, timeSpentSeconds: 30 }),
    ]);
  });

  it('does not count going back as completing a step, and restarts the step clock', async () => {
    storeStep(1);
    const { user, actions } = renderWizard({ wizard: passingProfile() });
    await user.click(screen.getByRole('button', { name: 'Back' }));
    act(() => vi.advanceTimersByTime(5_000));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(eventsOf(actions)).toEqual([
      wizardStepCompleted({ stepName: 'Basic Information', stepNumber: 1, timeSpentSeconds: 5 }),
    ]);
  });

  it('dispatches wizardAbandoned with the time since the questionnaire opened when the page is hidden', async () => {
    storeStep(1);
    const { user, actions } = renderWizard({ wizard: passingProfile() });
    act(() => vi.advanceTimersByTime(20_000));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    act(() => vi.advanceTimersByTime(25_000));
    act(() => { window.dispatchEvent(new Event('pagehide')); });
    expect(eventsOf(actions).at(-1)).toEqual(
      wizardAbandoned({ stepName: 'College Goals', stepNumber: 3, timeSpentSeconds: 45 }),
    );
  });

  it('dispatches wizardAbandoned once when the wizard unmounts before Continue', async () => {
    const { actions, unmount } = renderWizard();
    act(() => vi.advanceTimersByTime(7_000));
    act(() => { window.dispatchEvent(new Event('pagehide')); });
    unmount();
    await flushUnmount();
    expect(eventsOf(actions)).toEqual([
      wizardAbandoned({ stepName: 'Basic Information', stepNumber: 1, timeSpentSeconds: 7 }),
    ]);
  });

  it("does not take StrictMode's rehearsal unmount for an abandonment", async () => {
    const { actions, unmount } = renderWizard({ strict: true });
    await flushUnmount();
    expect(eventsOf(actions)).toEqual([]);
    unmount();
    await flushUnmount();
    expect(eventsOf(actions)).toHaveLength(1);
  });

  it('dispatches wizardAbandoned on unmount alone', async () => {
    storeStep(3);
    const { actions, unmount } = renderWizard({ wizard: passingProfile() });
    act(() => vi.advanceTimersByTime(3_000));
    unmount();
    await flushUnmount();
    expect(eventsOf(actions)).toEqual([
      wizardAbandoned({ stepName: 'Activities & Involvement', stepNumber: 4, timeSpentSeconds: 3 }),
    ]);
  });

  it('finishing with Continue completes step 5 and is not an abandonment', async () => {
    storeStep(4);
    const { user, actions } = renderWizard({ wizard: passingProfile() });
    act(() => vi.advanceTimersByTime(61_000));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await flushUnmount();
    act(() => { window.dispatchEvent(new Event('pagehide')); });
    expect(eventsOf(actions)).toEqual([
      wizardStepCompleted({ stepName: 'Personal Insights', stepNumber: 5, timeSpentSeconds: 61 }),
    ]);
  });
});
