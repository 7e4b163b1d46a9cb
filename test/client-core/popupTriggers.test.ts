import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchPopupTriggers } from '../../src/client-core/popupTriggers.ts';

const leaveThroughTop = () => document.documentElement.dispatchEvent(new MouseEvent('mouseleave', { clientY: 0, relatedTarget: null }));

describe('watchPopupTriggers', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fires the timer after the delay, and nothing more after it fired', () => {
    const fire = vi.fn();
    const stop = watchPopupTriggers({ timer: true, exitIntent: true, delayMs: 1000 }, fire);
    vi.advanceTimersByTime(999);
    expect(fire).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    leaveThroughTop();
    expect(fire.mock.calls).toEqual([['timer']]);
    stop();
  });

  it('fires on exit intent through the top only, and the timer no more', () => {
    const fire = vi.fn();
    const stop = watchPopupTriggers({ timer: true, exitIntent: true, delayMs: 1000 }, fire);
    document.documentElement.dispatchEvent(new MouseEvent('mouseleave', { clientY: 40, relatedTarget: null }));
    expect(fire).not.toHaveBeenCalled();
    leaveThroughTop();
    vi.advanceTimersByTime(5000);
    expect(fire.mock.calls).toEqual([['exit_intent']]);
    stop();
  });

  it('watches only the triggers asked for, and nothing once stopped', () => {
    const timerOnly = vi.fn();
    const stopTimerOnly = watchPopupTriggers({ timer: true, exitIntent: false, delayMs: 1000 }, timerOnly);
    leaveThroughTop();
    expect(timerOnly).not.toHaveBeenCalled();
    stopTimerOnly();
    vi.advanceTimersByTime(5000);
    expect(timerOnly).not.toHaveBeenCalled();

    const exitOnly = vi.fn();
    const stopExitOnly = watchPopupTriggers({ timer: false, exitIntent: true }, exitOnly);
    vi.advanceTimersByTime(60_000);
    expect(exitOnly).not.toHaveBeenCalled();
    stopExitOnly();
    leaveThroughTop();
    expect(exitOnly).not.toHaveBeenCalled();
  });
});
