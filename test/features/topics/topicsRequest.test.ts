// Generate Topics' request state lives in the topics slice, set by its thunk: pending, the 429's notice while
// it waits 5 s to try again, then succeeded or failed with the page's words. The real store, the network faked
// at the HTTP boundary, fake timers for the wait.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../src/app/store.ts';
import { MESSAGES } from '../../../src/common/contract/messages.ts';
import { topicsGenerationFailed } from '../../../src/features/topics/index.ts';
import { generateTopics } from '../../../src/features/topics/topicsThunks.ts';
import { selectTopicsRequest } from '../../../src/features/topics/topicsRequests.ts';
import { topicsPageLeft } from '../../../src/features/topics/topicsSlice.ts';
import { recordActions } from '../../app/actionLog.ts';
import { answerLater, fakeApi, json } from '../../app/fakeApi.ts';
import { studentAt } from '../../app/fixtures.ts';
import { CONDITION_WAIT } from '../../setup/conditionWait.ts';

const suggestions = { '1': [{ title: 'The radio bench', description: 'Fixing radios with my grandfather.' }] };
const busy = () => json({ error: 'busy', code: 'ai_rate_limited' }, 429);
const dailyCap = () => json({ error: 'You have used today’s topic suggestions. Come back tomorrow.', code: 'ai_daily_cap' }, 429);

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function topicsStore() {
  const store = makeStore(studentAt('topics'));
  return { store, log: recordActions(store), request: () => selectTopicsRequest(store.getState()) };
}

describe('the topics request', () => {
  it('goes pending → the retry notice on a 429 → succeeded on the retry 5 s later', async () => {
    vi.useFakeTimers();
    const api = fakeApi({ 'POST /api/topic-suggestions': [busy, () => json(suggestions)] });
    const { store, request } = topicsStore();
    const run = store.dispatch(generateTopics({ variant: 0 }));
    expect(request()).toMatchObject({ status: 'pending', notice: null, error: null });
    await vi.waitFor(() => expect(request().notice).toBe(MESSAGES.topicsRateLimitRetry), CONDITION_WAIT);
    expect(request().status).toBe('pending');
    expect(api.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5000);
    await run;
    expect(api.calls).toHaveLength(2);
    expect(request()).toMatchObject({ status: 'succeeded', notice: null, error: null });
    expect(store.getState().topics.topicSuggestions).toEqual(suggestions);
  });

  it('fails after three retries with the rate-limit message, reporting the failure once', async () => {
    vi.useFakeTimers();
    const api = fakeApi({ 'POST /api/topic-suggestions': busy });
    const { store, log, request } = topicsStore();
    const run = store.dispatch(generateTopics({ variant: 0 }));
    for (let retry = 1; retry <= 3; retry += 1) {
      await vi.waitFor(() => expect(api.calls).toHaveLength(retry), CONDITION_WAIT);
      await vi.advanceTimersByTimeAsync(5000);
    }
    await run;
    expect(api.calls).toHaveLength(4);
    expect(request()).toMatchObject({ status: 'failed', notice: null, error: MESSAGES.topicsRateLimitFinal });
    expect(log.actions.filter((action) => topicsGenerationFailed.match(action)).map((action) => action.payload))
      .toEqual([{ name: 'ai_rate_limited', message: 'busy', context: 'generate_topics', page: 'topics' }]);
  });

  it('does not retry a daily cap, and says it in the server’s words', async () => {
    vi.useFakeTimers();
    const api = fakeApi({ 'POST /api/topic-suggestions': dailyCap });
    const { store, request } = topicsStore();
    await store.dispatch(generateTopics({ variant: 0 }));
    await vi.advanceTimersByTimeAsync(20_000);
    expect(api.calls).toHaveLength(1);
    expect(request()).toMatchObject({ status: 'failed', notice: null, error: 'You have used today’s topic suggestions. Come back tomorrow.' });
  });

  it('says ‘Failed to generate topic suggestions’ for other failures, without retrying', async () => {
    const api = fakeApi({ 'POST /api/topic-suggestions': () => json({ error: 'x', code: 'ai_upstream_error' }, 502) });
    const { store, request } = topicsStore();
    await store.dispatch(generateTopics({ variant: 0 }));
    expect(api.calls).toHaveLength(1);
    expect(request()).toMatchObject({ status: 'failed', error: MESSAGES.topicsFailed });
  });

  it('starts no second request while one is on its way', async () => {
    const api = fakeApi({ 'POST /api/topic-suggestions': () => json(suggestions) });
    const { store } = topicsStore();
    const first = store.dispatch(generateTopics({ variant: 0 }));
    await store.dispatch(generateTopics({ variant: 1 }));
    await first;
    expect(api.calls).toHaveLength(1);
  });

  it('leaving the page mid-wait settles the request at once: no retry follows, nothing is reported', async () => {
    vi.useFakeTimers();
    const api = fakeApi({ 'POST /api/topic-suggestions': [busy, () => json(suggestions)] });
    const { store, log, request } = topicsStore();
    const run = store.dispatch(generateTopics({ variant: 0 }));
    await vi.waitFor(() => expect(request().notice).toBe(MESSAGES.topicsRateLimitRetry), CONDITION_WAIT);
    // What the page does as it goes.
    run.abort();
    store.dispatch(topicsPageLeft());
    expect(request()).toMatchObject({ status: 'idle', notice: null, error: null });
    await vi.advanceTimersByTimeAsync(20_000);
    expect(api.calls).toHaveLength(1);
    expect(request().status).toBe('idle');
    expect(log.types()).not.toContain(topicsGenerationFailed.type);
  });

  it('leaving the page mid-request lets suggestions already being written arrive, as before', async () => {
    const pending = answerLater();
    fakeApi({ 'POST /api/topic-suggestions': pending.handler });
    const { store, request } = topicsStore();
    const run = store.dispatch(generateTopics({ variant: 0 }));
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled(), CONDITION_WAIT);
    run.abort();
    store.dispatch(topicsPageLeft());
    expect(request().status).toBe('idle');
    pending.answer(json(suggestions));
    await vi.waitFor(() => expect(store.getState().topics.topicSuggestions).toEqual(suggestions), CONDITION_WAIT);
    expect(request().status).toBe('idle');
  });

  it('a page opened after a finished request starts afresh (the last failure is not shown again)', async () => {
    fakeApi({ 'POST /api/topic-suggestions': () => json({ error: 'x', code: 'ai_upstream_error' }, 502) });
    const { store, request } = topicsStore();
    await store.dispatch(generateTopics({ variant: 0 }));
    expect(request().status).toBe('failed');
    store.dispatch(topicsPageLeft());
    expect(request()).toMatchObject({ status: 'idle', error: null });
  });
});
