// When the remote workers (the form document's and the essay versions') do their work: one run at a time (a
// call during a run asks for one more run after it), a send SYNC_DELAY_MS after the student's last change, and
// retries with exponential backoff and jitter. What a run does is each worker's own `step`.

/** The remote write follows the student's last change by this much, so a burst of typing costs one write. */
export const SYNC_DELAY_MS = 500;
/** A failure that may pass is retried after 1 s, then 2, 4, 8 and at most 10 s (each ±20 %). */
export const RETRY_MIN_MS = 1000;
export const RETRY_MAX_MS = 10_000;

export interface SyncSchedule {
  /** Work now, or once more after the run in progress. */
  run(): void;
  /** Work once nothing has changed for SYNC_DELAY_MS. */
  afterPause(): void;
  /** A change still waits for its pause (its timer will run the worker). */
  pausing(): boolean;
  /** Work now, dropping a retry that was waiting. */
  now(): void;
  /** The attempt failed in a way that may pass: work again after the next backoff delay. */
  retryLater(): void;
  /** The attempt succeeded, or the network came back: the backoff starts afresh. */
  resetBackoff(): void;
  isStopped(): boolean;
  /** Resolves when no run is in progress. */
  settled(): Promise<void>;
  stop(): void;
}

export interface SyncScheduleOptions {
  /** Nothing runs before this resolves (the device copy has been read back). */
  ready: Promise<void>;
  step: () => Promise<void>;
  random?: () => number;
}

export function createSyncSchedule({ ready, step, random = Math.random }: SyncScheduleOptions): SyncSchedule {
  let pauseTimer: ReturnType<typeof setTimeout> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;
  let again = false;
  let running: Promise<void> | null = null;
  let stopped = false;

  function run(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      await ready;
      do {
        again = false;
        await step();
      } while (again && !stopped);
    })().finally(() => {
      running = null;
    });
  }

  return {
    run,
    afterPause() {
      if (stopped) return;
      clearTimeout(pauseTimer);
      pauseTimer = setTimeout(() => {
        pauseTimer = undefined;
        run();
      }, SYNC_DELAY_MS);
    },
    pausing: () => pauseTimer !== undefined,
    now() {
      clearTimeout(retryTimer);
      retryTimer = undefined;
      run();
    },
    retryLater() {
      if (stopped) return;
      failures += 1;
      const base = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** (failures - 1));
      clearTimeout(retryTimer);
      retryTimer = setTimeout(() => {
        retryTimer = undefined;
        run();
      }, base * (0.8 + 0.4 * random()));
    },
    resetBackoff() {
      failures = 0;
    },
    isStopped: () => stopped,
    settled: async () => {
      while (running) await running;
    },
    stop() {
      stopped = true;
      clearTimeout(pauseTimer);
      clearTimeout(retryTimer);
    },
  };
}
