// Counts calls per key in fixed windows, in memory (one instance's view; several instances each count their
// own, which ARCHITECTURE §1 moves to Redis at scale). Bounded: under a spray of keys the oldest are forgotten.
export interface WindowCounter {
  /** Counts a call; answers 0 when it is allowed, else the seconds until the key's window ends. */
  hit(key: string): number;
}

interface Window { count: number; endsAt: number }

const MAX_TRACKED_KEYS = 50_000;

export function createWindowCounter(options: { max: number; windowMs: number; now: () => number }): WindowCounter {
  const windows = new Map<string, Window>();
  return {
    hit(key) {
      const now = options.now();
      let window = windows.get(key);
      if (!window || window.endsAt <= now) {
        windows.delete(key);
        if (windows.size >= MAX_TRACKED_KEYS) windows.delete(windows.keys().next().value as string);
        window = { count: 0, endsAt: now + options.windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return window.count <= options.max ? 0 : Math.max(1, Math.ceil((window.endsAt - now) / 1000));
    },
  };
}
