import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextIdle } from '../../src/ui/nextIdle.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('nextIdle', () => {
  it('waits for the browser\'s idle callback, bounded by its timeout', async () => {
    const idle = vi.fn<(callback: () => void, options: { timeout: number }) => number>(() => 1);
    vi.stubGlobal('requestIdleCallback', idle);
    let resolved = false;
    const waiting = nextIdle(250).then(() => {
      resolved = true;
    });
    await Promise.resolve();
    expect(resolved).toBe(false);
    expect(idle.mock.calls[0]?.[1]).toEqual({ timeout: 250 });
    idle.mock.calls[0]?.[0]();
    await waiting;
    expect(resolved).toBe(true);
  });

  it('waits for the next task where there is no requestIdleCallback (Safari)', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    vi.useFakeTimers();
    try {
      let resolved = false;
      const waiting = nextIdle().then(() => {
        resolved = true;
      });
      await Promise.resolve();
      expect(resolved).toBe(false);
      await vi.advanceTimersByTimeAsync(0);
      await waiting;
      expect(resolved).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
