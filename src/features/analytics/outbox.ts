// The first-party sink: events wait here and leave in batches for POST /api/events, a few seconds after the
// last one, never on the UI's path. A failed send is retried with backoff and again when the browser comes
// back online; when the page is hidden what is left goes by navigator.sendBeacon.
import type { AnalyticsEvent } from '../../common/analyticsEvents.ts';

export type SendResult = 'sent' | 'retry' | 'drop';

export type OutboxDeps = {
  /** Sends one batch; 'retry' when it may succeed later (offline, 5xx), 'drop' when it never will (4xx). */
  send: (events: AnalyticsEvent[]) => Promise<SendResult>;
  /** navigator.sendBeacon; false when the browser would not queue it. */
  beacon: (events: AnalyticsEvent[]) => boolean;
  batchDelayMs?: number;
  maxBatch?: number;
  maxQueued?: number;
};

const MAX_BACKOFF_MS = 60_000;

export class Outbox {
  private readonly queue: AnalyticsEvent[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;
  private sending = false;
  private failures = 0;
  private readonly batchDelayMs: number;
  private readonly maxBatch: number;
  private readonly maxQueued: number;

  constructor(private readonly deps: OutboxDeps) {
    this.batchDelayMs = deps.batchDelayMs ?? 2000;
    this.maxBatch = deps.maxBatch ?? 100;
    this.maxQueued = deps.maxQueued ?? 1000;
  }

  get pending(): number {
    return this.queue.length;
  }

  add(event: AnalyticsEvent): void {
    this.queue.push(event);
    // A browser offline for days must not grow without bound: the oldest events go first.
    if (this.queue.length > this.maxQueued) this.queue.splice(0, this.queue.length - this.maxQueued);
    this.schedule(this.failures === 0 ? this.batchDelayMs : this.backoffMs());
  }

  /** The browser is back online: try at once instead of waiting out the backoff. */
  online(): void {
    this.failures = 0;
    this.reschedule(0);
  }

  /** The page is being hidden (maybe closed): hand what is left to the browser. */
  pageHidden(): void {
    while (this.queue.length > 0 && !this.sending) {
      const batch = this.queue.slice(0, this.maxBatch);
      if (!this.deps.beacon(batch)) return;
      this.queue.splice(0, batch.length);
    }
  }

  private backoffMs(): number {
    return Math.min(MAX_BACKOFF_MS, this.batchDelayMs * 2 ** this.failures);
  }

  private schedule(ms: number): void {
    if (this.timer !== undefined || this.sending) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, ms);
  }

  private reschedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.schedule(ms);
  }

  private async flush(): Promise<void> {
    if (this.sending || this.queue.length === 0) return;
    const batch = this.queue.slice(0, this.maxBatch);
    this.sending = true;
    let result: SendResult;
    try {
      result = await this.deps.send(batch);
    } catch {
      result = 'retry';
    }
    this.sending = false;
    if (result === 'retry') {
      this.failures += 1;
      this.schedule(this.backoffMs());
      return;
    }
    this.failures = 0;
    // Only the batch that left: events added while it was in flight stay queued.
    this.queue.splice(0, batch.length);
    if (this.queue.length > 0) this.schedule(0);
  }
}
