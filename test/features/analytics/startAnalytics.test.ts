// Analytics starts after the app's first page is live: what happened before is recorded with the state, address
// and time it had and mapped when the code arrives, as the listener would have mapped it then. The real store.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../src/app/store.ts';
import { consentChanged, recordActions } from '../../../src/features/analytics/index.ts';
import { MAX_RECORDED } from '../../../src/features/analytics/recorder.ts';
import { startAnalytics } from '../../../src/features/analytics/startAnalytics.ts';
import { essayGenerated } from '../../../src/features/essay/index.ts';
import { topicSelected, topicsGenerationFailed } from '../../../src/features/topics/index.ts';
import { EVENT_RULES } from './eventRules.ts';

const BEFORE = new Date('2026-03-02T10:00:00.000Z');
const AT_START = new Date('2026-03-02T10:00:05.000Z');

const sinks = () => ({
  gtm: { initialised: false, init: vi.fn(), push: vi.fn() },
  now: () => AT_START,
  pagePath: () => '/result',
});

const written = { essay: 'One two three.', topic: '', wordCount: 3, notes: [], engine: 'offline' as const, variant: 1 };

afterEach(() => {
  vi.useRealTimers();
});

describe('analytics started after the page is live', () => {
  it('maps what happened before with the state, address and time it had then', () => {
    vi.useFakeTimers({ toFake: ['Date'], now: BEFORE });
    const store = makeStore();
    let path = '/topics';
    const recorder = recordActions(store, () => path);
    store.dispatch(topicSelected({ prompt: 'Prompt 1', idea: 'Fixing the tractor', description: '' }));
    store.dispatch(topicsGenerationFailed({ name: 'unavailable', message: 'Try again later.', context: 'topics', page: 'topics' }));
    store.dispatch(essayGenerated(written));
    // What changes before the code arrives is not what those events saw.
    store.dispatch(topicSelected({ prompt: 'Prompt 2', idea: 'Another idea', description: '' }));
    path = '/result';
    vi.setSystemTime(AT_START);

    startAnalytics(store, sinks(), EVENT_RULES, recorder.take());

    const events = store.getState().analytics.queue.map((queued) => queued.event);
    expect(events.map((event) => event.name)).toEqual(['error_occurred', 'essay_generated']);
    expect(events[0]?.params).toMatchObject({ page_path: '/topics' });
    expect(events[1]?.params).toMatchObject({ essay_topic: 'Fixing the tractor', word_count: 3 });
    expect(events.map((event) => event.timestamp)).toEqual([BEFORE.toISOString(), BEFORE.toISOString()]);
  });

  it('maps what happens afterwards itself, and the recorder keeps nothing more', () => {
    const store = makeStore();
    const recorder = recordActions(store);
    startAnalytics(store, sinks(), EVENT_RULES, recorder.take());
    store.dispatch(essayGenerated({ ...written, topic: 'Robotics' }));
    expect(store.getState().analytics.queue.map((queued) => queued.event.timestamp)).toEqual([AT_START.toISOString()]);
    expect(recorder.take()).toEqual([]);
  });

  it('keeps at most MAX_RECORDED actions, the latest', () => {
    const store = makeStore();
    const recorder = recordActions(store);
    for (let index = 0; index <= MAX_RECORDED; index += 1) store.dispatch(essayGenerated({ ...written, topic: `Topic ${index}` }));
    const recorded = recorder.take();
    expect(recorded).toHaveLength(MAX_RECORDED);
    expect((recorded[0]?.action.payload as { topic: string }).topic).toBe('Topic 1');
  });

  it('loads Google Tag Manager at start when an earlier visit accepted it', () => {
    const granted = makeStore();
    const recorder = recordActions(granted);
    granted.dispatch(consentChanged('granted'));
    const grantedSinks = sinks();
    startAnalytics(granted, grantedSinks, EVENT_RULES, recorder.take());
    expect(grantedSinks.gtm.init).toHaveBeenCalledTimes(1);

    const unknown = makeStore();
    const unknownSinks = sinks();
    startAnalytics(unknown, unknownSinks, EVENT_RULES);
    expect(unknownSinks.gtm.init).not.toHaveBeenCalled();
  });
});
