// Counts failures (wrong admin tokens) per client in fixed windows, so a guesser is locked out after a few
// tries. In memory: good for one instance; several instances each keep their own count.
export interface FailureLimiter {
  /** Seconds until the client may try again, or 0 when it is not locked out. */
  retryAfterSeconds(key: string): number;
  recordFailure(key: string): void;
}

interface Window { failures: number; endsAt: number }

const MAX_TRACKED_CLIENTS = 10_000;

export function createFailureLimiter(options: { max: number; windowMs: number; now: () => number }): FailureLimiter {
  const windows = new Map<string, Window>();

  const current = (key: string): Window | undefined => {
    const window = windows.get(key);
    if (window && window.endsAt <= options.now()) {
      windows.delete(key);
      return undefined;
    }
    return window;
  };

  return {
    retryAfterSeconds(key) {
      const window = current(key);
      if (!window || window.failures < options.max) return 0;
      return Math.max(1, Math.ceil((window.endsAt - options.now()) / 1000));
    },
    recordFailure(key) {
      const window = current(key);
      if (window) {
        window.failures += 1;
        return;
      }
      // Forget the oldest client rather than grow without bound under a spray of addresses.
      if (windows.size >= MAX_TRACKED_CLIENTS) windows.delete(windows.keys().next().value as string);
      windows.set(key, { failures: 1, endsAt: options.now() + options.windowMs });
    },
  };
}
