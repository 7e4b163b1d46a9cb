import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Outbox } from '../../../src/features/analytics/outbox.ts';
import type { SendResult } from '../../../src/features/analytics/outbox.ts';
import type { AnalyticsEvent } from '../../../src/common/analyticsEvents.ts';

const event = (path: string): AnalyticsEvent => ({ name: 'page_viewed', timestamp: '2026-03-02T10:00:00.000Z', params: { page_path: path } });
const paths = (batch: AnalyticsEvent[]) => batch.map((item) => (item.params as { page_path: string }).page_path);

describe('Outbox', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });

  it('gathers events for 2 s, then sends them in batches of at most 100', async () => {
    const sent: string[][] = [];
    const outbox = new Outbox({ send: async (batch) => { sent.push(paths(batch)); return 'sent'; }, beacon: () => true });
    for (let index = 0; index < 150; index += 1) outbox.add(event(`/p${index}`));
    await vi.advanceTimersByTimeAsync(1999);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.map((batch) => batch.length)).toEqual([100]);
    // The rest leaves as soon as the first batch is through.
    await vi.runOnlyPendingTimersAsync();
    expect(sent.map((batch) => batch.length)).toEqual([100, 50]);
    expect(outbox.pending).toBe(0);
  });

  it('retries with backoff while offline, keeps the order, and sends at once when back online', async () => {
    const answers: SendResult[] = ['retry', 'retry', 'sent'];
    const sent: string[][] = [];
    const send = vi.fn(async (batch: AnalyticsEvent[]) => {
      const answer = answers.shift() ?? 'sent';
      if (answer === 'sent') sent.push(paths(batch));
      return answer;
    });
    const outbox = new Outbox({ send, beacon: () => true });
    outbox.add(event('/form'));
    await vi.advanceTimersByTimeAsync(2000);
    expect(send).toHaveBeenCalledTimes(1);
    outbox.add(event('/topics'));
    await vi.advanceTimersByTimeAsync(4000); // backoff 2 s × 2
    expect(send).toHaveBeenCalledTimes(2);
    expect(outbox.pending).toBe(2);
    outbox.online();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([['/form', '/topics']]);
    expect(outbox.pending).toBe(0);
  });

  it('drops a batch the server will never take, and a network error counts as retry', async () => {
    const send = vi.fn<(batch: AnalyticsEvent[]) => Promise<SendResult>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce('drop');
    const outbox = new Outbox({ send, beacon: () => true });
    outbox.add(event('/form'));
    await vi.advanceTimersByTimeAsync(2000);
    expect(outbox.pending).toBe(1);
    await vi.advanceTimersByTimeAsync(4000);
    expect(send).toHaveBeenCalledTimes(2);
    expect(outbox.pending).toBe(0);
  });

  it('hands what is left to sendBeacon when the page is hidden, keeping it if the browser refuses', () => {
    const beacons: string[][] = [];
    let accept = false;
    const outbox = new Outbox({ send: async () => 'sent', beacon: (batch) => { if (accept) beacons.push(paths(batch)); return accept; } });
    outbox.add(event('/form'));
    outbox.pageHidden();
    expect(outbox.pending).toBe(1);
    accept = true;
    outbox.pageHidden();
    expect(beacons).toEqual([['/form']]);
    expect(outbox.pending).toBe(0);
  });

  it('never blocks the caller: add returns before anything is sent', () => {
    const send = vi.fn(async (): Promise<SendResult> => 'sent');
    const outbox = new Outbox({ send, beacon: () => true });
    outbox.add(event('/form'));
    expect(send).not.toHaveBeenCalled();
  });
});
