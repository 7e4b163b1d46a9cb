// Where every windowed limit is counted: the AI calls per browser and per network, sessions created per
// network, wrong discount codes, wrong admin tokens. Limits name their key and window; the store only counts.
// The memory store is one instance's view; a shared store (Redis) makes the same limits hold across instances.
export interface WindowLimit {
  /** Hits allowed in one window. */
  max: number;
  windowMs: number;
}

export interface LimitVerdict {
  /** Hits counted in the key's current window, this one included. */
  count: number;
  allowed: boolean;
  /** 0 when allowed; otherwise whole seconds (at least 1) until the key's window ends. */
  retryAfterSeconds: number;
}

export interface LimitStore {
  /** Counts one hit on `key` in its current fixed window and says whether it is within `limit.max`. */
  hit(key: string, limit: WindowLimit): Promise<LimitVerdict>;
  /** The same answer without counting: for checks that only count failures. */
  peek(key: string, limit: WindowLimit): Promise<LimitVerdict>;
  close(): Promise<void>;
}

interface Window { count: number; endsAt: number }

/** Under a spray of keys (many addresses, many fresh browsers) the oldest windows are forgotten, not kept. */
const MAX_TRACKED_KEYS = 100_000;

export function verdict(count: number, max: number, msLeft: number): LimitVerdict {
  const allowed = count <= max;
  return { count, allowed, retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil(msLeft / 1000)) };
}

export function createMemoryLimitStore(options: { now?: () => number } = {}): LimitStore {
  const now = options.now ?? Date.now;
  const windows = new Map<string, Window>();

  const current = (key: string, at: number): Window | undefined => {
    const window = windows.get(key);
    if (window !== undefined && window.endsAt <= at) {
      windows.delete(key);
      return undefined;
    }
    return window;
  };

  return {
    async hit(key, limit) {
      const at = now();
      let window = current(key, at);
      if (window === undefined) {
        if (windows.size >= MAX_TRACKED_KEYS) windows.delete(windows.keys().next().value as string);
        window = { count: 0, endsAt: at + limit.windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return verdict(window.count, limit.max, window.endsAt - at);
    },
    async peek(key, limit) {
      const at = now();
      const window = current(key, at);
      return window === undefined ? verdict(0, limit.max, 0) : verdict(window.count, limit.max, window.endsAt - at);
    },
    async close() {
      windows.clear();
    },
  };
}
