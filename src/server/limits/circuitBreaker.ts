// A small circuit breaker for a service behind the server: after `failuresToOpen` failures in a row it opens,
// and callers skip the service for `openMs`; then one call is tried again, and a single failure reopens it.
export interface CircuitBreakerOptions {
  failuresToOpen: number;
  openMs: number;
  now?: () => number;
}

export interface CircuitBreaker {
  /** Whether callers should skip the service now. */
  readonly open: boolean;
  succeeded(): void;
  /** Counts a failure; true when this one opened the breaker. */
  failed(): boolean;
}

export function createCircuitBreaker(options: CircuitBreakerOptions): CircuitBreaker {
  const now = options.now ?? Date.now;
  let failures = 0;
  let openUntil = 0;
  return {
    get open() {
      return now() < openUntil;
    },
    succeeded() {
      failures = 0;
      openUntil = 0;
    },
    failed() {
      failures += 1;
      if (failures < options.failuresToOpen) return false;
      openUntil = now() + options.openMs;
      // The try after the pause is a probe: if it fails too, the service is skipped again at once.
      failures = options.failuresToOpen - 1;
      return true;
    },
  };
}
