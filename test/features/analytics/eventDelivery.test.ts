// The first-party analytics queue: events wait in the slice and leave for POST /api/events through the
// typed client, in batches, a few seconds after the last one; a failed batch is tried again after a backoff
// and at once when the browser comes back online; what is left goes by sendBeacon when the page is hidden, a
// batch in doubt first with its key; the queue is capped. The real store, the network faked at the HTTP
// boundary, fake timers.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../src/app/store.ts';
import { pageViewed } from '../../../src/features/analytics/index.ts';
import type { AnalyticsSinks } from '../../../src/features/analytics/listeners.ts';
import { createBrowserAnalytics, startAnalytics } from '../../../src/features/analytics/startAnalytics.ts';
import type { AnalyticsEvent } from '../../../src/common/analytics/analyticsEvents.ts';
import { fakeApi, json, networkFailure } from '../../app/fakeApi.ts';
import { CONDITION_WAIT } from '../../setup/conditionWait.ts';
import { EVENT_RULES } from './eventRules.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const accepted = () => json({ accepted: 1, rejected: [] });
const busy = () => json({ error: 'Try again later.', code: 'unavailable' }, 503);
const paths = (events: unknown[]) => events.map((event) => (event as AnalyticsEvent & { params: { page_path: string } }).params.page_path);

/** A store whose sinks deliver to /api/events; `online()` and `hidden()` play the browser's moments. */
function deliveringStore(beacon: (events: AnalyticsEvent[], key: string) => boolean = () => true) {
  const browser = { online: () => {}, hidden: () => {} };
  const sinks: AnalyticsSinks = {
    delivery: { beacon, watch: (on) => Object.assign(browser, on) },
    gtm: { initialised: false, init: vi.fn(), push: vi.fn() },
    now: () => new Date('2026-03-02T10:00:00.000Z'),
    pagePath: () => '/form',
  };
  const store = makeStore();
  startAnalytics(store, sinks, EVENT_RULES);
  return { store, browser, view: (path: string) => store.dispatch(pageViewed({ path })) };
}

const sentBatches = (api: ReturnType<typeof fakeApi>) =>
  api.callsTo('POST /api/events').map((call) => paths((JSON.parse(String(call.init.body)) as { events: unknown[] }).events));

describe('the analytics queue', () => {
  it('sends one batch a few seconds after the last event, not after the first', async () => {
    vi.useFakeTimers();
    const api = fakeApi({ 'POST /api/events': accepted });
    const { store, view } = deliveringStore();
    view('/form');
    await vi.advanceTimersByTimeAsync(1500);
    view('/topics');
    await vi.advanceTimersByTimeAsync(1999);
    expect(api.callsTo('POST /api/events')).toHaveLength(0);
    expect(store.getState().analytics.queue).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(store.getState().analytics.queue).toEqual([]), CONDITION_WAIT);
    expect(sentBatches(api)).toEqual([['/form', '/topics']]);
    expect(store.getState().analytics.request.status).toBe('idle');
  });

  it('sends a full batch at once, at most 100 a request, and the rest as soon as it went through', async () => {
    vi.useFakeTimers();
    const api = fakeApi({ 'POST /api/events': accepted });
    const { store, view } = deliveringStore();
    for (let index = 0; index < 150; index += 1) view(`/p${index}`);
    await vi.advanceTimersByTimeAsync(0);
    await vi.waitFor(() => expect(store.getState().analytics.queue).toEqual([]), CONDITION_WAIT);
    expect(sentBatches(api).map((batch) => batch.length)).toEqual([100, 50]);
    expect(sentBatches(api).flat()).toEqual(Array.from({ length: 150 }, (_, index) => `/p${index}`));
  });

  it('tries a failed batch again after a growing backoff, keeping events that came meanwhile, in order', async () => {
    vi.useFakeTimers();
    const api = fakeApi({ 'POST /api/events': [busy, networkFailure, accepted] });
    const { store, view } = deliveringStore();
    // The backoff each failure set, measured when it was set.
    const backoffs: number[] = [];
    let scheduled: number | null = null;
    store.subscribe(() => {
      const { retryAt } = store.getState().analytics.request;
      if (retryAt !== null && retryAt !== scheduled) backoffs.push(retryAt - Date.now());
      scheduled = retryAt;
    });
    /** Waits for failure `count`, then returns how long is left until the retry. */
    const failed = async (count: number) => {
      await vi.waitFor(() => expect(store.getState().analytics.request.failures).toBe(count), CONDITION_WAIT);
      return (store.getState().analytics.request.retryAt ?? 0) - Date.now();
    };
    view('/form');
    await vi.advanceTimersByTimeAsync(2000);
    const first = await failed(1);
    // A new event meanwhile does not bring the retry forward.
    view('/topics');
    await vi.advanceTimersByTimeAsync(first - 1);
    expect(api.callsTo('POST /api/events')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    const second = await failed(2);
    await vi.advanceTimersByTimeAsync(second - 1);
    expect(api.callsTo('POST /api/events')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(store.getState().analytics.queue).toEqual([]), CONDITION_WAIT);
    expect(backoffs).toEqual([4000, 8000]);
    // The failed batch goes again as it was, with its key (it may have been stored), then what came meanwhile.
    expect(sentBatches(api)).toEqual([['/form'], ['/form'], ['/form'], ['/topics']]);
    const keys = api.callsTo('POST /api/events').map((call) => new Headers(call.init.headers).get('idempotency-key'));
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBe(keys[0]);
    expect(keys[3]).not.toBe(keys[0]);
    // A batch that failed to go is no event of its own.
    expect(store.getState().analytics.tracked).toBe(2);
    expect(store.getState().analytics.request).toMatchObject({ failures: 0, retryAt: null });
  });

  it('sends at once when the browser comes back online, without waiting out the backoff', async () => {
    vi.useFakeTimers();
    const api = fakeApi({ 'POST /api/events': [networkFailure, accepted] });
    const { store, browser, view } = deliveringStore();
    view('/form');
    await vi.advanceTimersByTimeAsync(2000);
    await vi.waitFor(() => expect(store.getState().analytics.request.failures).toBe(1), CONDITION_WAIT);
    browser.online();
    await vi.advanceTimersByTimeAsync(0);
    await vi.waitFor(() => expect(store.getState().analytics.queue).toEqual([]), CONDITION_WAIT);
    expect(api.callsTo('POST /api/events')).toHaveLength(2);
    expect(store.getState().analytics.request).toMatchObject({ failures: 0, retryAt: null });
  });

  it('drops a batch the server will never take (a 400), and does not try it again', async () => {
    vi.useFakeTimers();
    const api = fakeApi({ 'POST /api/events': () => json({ error: 'Bad batch.', code: 'validation_error' }, 400) });
    const { store, view } = deliveringStore();
    view('/form');
    await vi.advanceTimersByTimeAsync(2000);
    await vi.waitFor(() => expect(store.getState().analytics.queue).toEqual([]), CONDITION_WAIT);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.callsTo('POST /api/events')).toHaveLength(1);
    expect(store.getState().analytics.request.failures).toBe(0);
  });

  it('hands what is left to sendBeacon when the page is hidden, keeping it if the browser refuses', () => {
    fakeApi({});
    const beacons: string[][] = [];
    let accept = false;
    const { store, browser, view } = deliveringStore((events) => {
      if (accept) beacons.push(paths(events));
      return accept;
    });
    view('/form');
    view('/topics');
    browser.hidden();
    expect(store.getState().analytics.queue).toHaveLength(2);
    accept = true;
    browser.hidden();
    expect(beacons).toEqual([['/form', '/topics']]);
    expect(store.getState().analytics.queue).toEqual([]);
  });

  it('beacons a batch in doubt first, with its key, then the newer events with a key of their own; none is sent again', async () => {
    vi.useFakeTimers();
    const api = fakeApi({ 'POST /api/events': [networkFailure, accepted] });
    const beacons: Array<{ paths: string[]; key: string }> = [];
    const { store, browser, view } = deliveringStore((events, key) => {
      beacons.push({ paths: paths(events), key });
      return true;
    });
    view('/form');
    await vi.advanceTimersByTimeAsync(2000);
    await vi.waitFor(() => expect(store.getState().analytics.request.failures).toBe(1), CONDITION_WAIT);
    view('/topics');
    browser.hidden();
    const firstKey = new Headers(api.callsTo('POST /api/events')[0]?.init.headers).get('idempotency-key');
    expect(beacons).toEqual([{ paths: ['/form'], key: firstKey }, { paths: ['/topics'], key: expect.any(String) }]);
    expect(beacons[1]?.key).not.toBe(firstKey);
    expect(store.getState().analytics.queue).toEqual([]);
    expect(store.getState().analytics.request.inDoubt).toBeNull();
    // The page stays open (hidden, then shown): the device does not send the beaconed batches itself.
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(api.callsTo('POST /api/events')).toHaveLength(1);
  });

  it('keeps at most 1000 events, the oldest going first', () => {
    const store = makeStore();
    startAnalytics(store, { gtm: { initialised: false, init: vi.fn(), push: vi.fn() }, now: () => new Date(), pagePath: () => '/' }, EVENT_RULES);
    for (let index = 0; index < 1005; index += 1) store.dispatch(pageViewed({ path: `/p${index}` }));
    const queued = paths(store.getState().analytics.queue.map((item) => item.event));
    expect(queued).toHaveLength(1000);
    expect(queued[0]).toBe('/p5');
    expect(queued.at(-1)).toBe('/p1004');
  });
});

describe("the browser's sinks", () => {
  it('beacon the queue to /api/events on pagehide and send at once on `online`', async () => {
    const sendBeacon = vi.fn((_url: string, _body: Blob) => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
    const api = fakeApi({ 'POST /api/events': accepted });
    const store = makeStore();
    startAnalytics(store, createBrowserAnalytics(), EVENT_RULES);
    store.dispatch(pageViewed({ path: '/form' }));
    window.dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    expect(sendBeacon.mock.calls[0]?.[0]).toMatch(/^\/api\/events\?idempotencyKey=[0-9a-f-]{36}$/);
    expect(paths((JSON.parse(await (sendBeacon.mock.calls[0]?.[1] as Blob).text()) as { events: unknown[] }).events)).toEqual(['/form']);
    expect(store.getState().analytics.queue).toEqual([]);

    sendBeacon.mockReturnValue(false);
    store.dispatch(pageViewed({ path: '/topics' }));
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(api.callsTo('POST /api/events')).toHaveLength(1), CONDITION_WAIT);
    Reflect.deleteProperty(navigator, 'sendBeacon');
  });
});
