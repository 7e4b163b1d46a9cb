// A stage's request state is this page's, never the student's data: a thunk's pending and failed statuses
// write nothing to the device and send nothing to the remote copy, and a reload never comes back 'pending'.
// The same for the remote sync's own run: only what it must remember is stored, with the edit it describes.
// The real store, redux-persist on fake-indexeddb, the server backend over a faked fetch.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { deviceStorage } from '../../../src/client-core/deviceCopyStorage.ts';
import { PERSIST_KEY } from '../../../src/app/persistence/localPersistence.ts';
import { PERSIST_VERSION } from '../../../src/app/persistence/migrations.ts';
import { startPersistence } from '../../../src/app/persistence/persistence.ts';
import { SYNC_DELAY_MS } from '../../../src/app/persistence/persistenceListener.ts';
import { makeStore } from '../../../src/app/store.ts';
import { generateQuestions } from '../../../src/features/followup/followupThunks.ts';
import { topicSelected } from '../../../src/features/topics/index.ts';
import { generateTopics } from '../../../src/features/topics/topicsThunks.ts';
import { selectTopicsRequest } from '../../../src/features/topics/topicsRequests.ts';
import { serverBackend } from '../../../src/remote/index.ts';
import { CONDITION_WAIT } from '../../setup/conditionWait.ts';
import { answerLater, fakeApi, json } from '../fakeApi.ts';
import { sampleTopic, studentAt } from '../fixtures.ts';

const stops: Array<() => void> = [];
const STORED = `persist:${PERSIST_KEY}`;

afterEach(async () => {
  stops.splice(0).forEach((stop) => stop());
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await deviceStorage.clear();
});

async function persistedStudent(handlers: Parameters<typeof fakeApi>[0] = {}) {
  let revision = 0;
  const api = fakeApi({
    'GET /api/forms/me': () => json({ document: null, revision: 0, updatedAt: null }),
    'PUT /api/forms/me': () => json({ revision: (revision += 1), updatedAt: new Date().toISOString() }),
    ...handlers,
  });
  const store = makeStore({
    ...studentAt('followup'),
    session: { uid: 'anon_12345678', plan: 'free', status: 'succeeded', planStatus: 'succeeded', error: null },
  }, { remote: serverBackend });
  const persistence = startPersistence(store, { remoteSync: true, channel: null });
  stops.push(persistence.stop);
  await persistence.rehydrated;
  await waitFor(() => expect(store.getState().remoteSync.load).toBe('succeeded'));
  await waitFor(() => expect(store.getState().remoteSync.status).toBe('synced'));
  await persistence.persistor.flush();
  return { store, api, persistence };
}

/** Opens a fresh store on what this device holds, as a reload does. */
async function reload() {
  const store = makeStore();
  const persistence = startPersistence(store);
  stops.push(persistence.stop);
  await persistence.rehydrated;
  return store;
}

describe('request state and the two copies', () => {
  it("a thunk's pending and failed statuses write nothing to the device, send nothing and count as no edit", async () => {
    const topics = answerLater();
    const { store, api, persistence } = await persistedStudent({ 'POST /api/topic-suggestions': topics.handler });
    // Only the timers the sync's pause uses are faked: IndexedDB (fake-indexeddb) keeps its own scheduling.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const setItem = vi.spyOn(deviceStorage, 'setItem');
    const puts = api.callsTo('PUT /api/forms/me').length;

    const generating = store.dispatch(generateTopics({ variant: 0 }));
    expect(selectTopicsRequest(store.getState()).status).toBe('pending');
    topics.answer(json({ error: 'x', code: 'ai_upstream_error' }, 502));
    await generating;
    expect(selectTopicsRequest(store.getState()).status).toBe('failed');
    // Whatever redux-persist has staged goes now; the remote sync would have started by now.
    await persistence.persistor.flush();
    await vi.advanceTimersByTimeAsync(3 * SYNC_DELAY_MS);

    expect(setItem).not.toHaveBeenCalled();
    expect(api.callsTo('PUT /api/forms/me')).toHaveLength(puts);
    expect(store.getState().sync.saved.dirty).toEqual([]);
    expect(store.getState().remoteSync.status).toBe('synced');

    // The same spy sees a real edit's write: the silence above is the request state's own.
    store.dispatch(topicSelected({ ...sampleTopic, idea: 'Another idea' }));
    expect(setItem).toHaveBeenCalled();
  });

  it('a reload never comes back pending: the device copy holds the data without the request state', async () => {
    const topics = answerLater();
    const { store, persistence } = await persistedStudent({ 'POST /api/topic-suggestions': topics.handler });
    void store.dispatch(generateTopics({ variant: 0 }));
    // An edit while the request is on its way: the topics slice is written with it.
    store.dispatch(topicSelected({ ...sampleTopic, idea: 'Written while pending' }));
    expect(selectTopicsRequest(store.getState()).status).toBe('pending');
    await persistence.persistor.flush();
    const stored = JSON.parse(String(await deviceStorage.getItem(STORED))) as Record<string, string>;
    expect(JSON.parse(stored.topics ?? '{}')).not.toHaveProperty('request');
    persistence.stop();

    const again = await reload();
    expect(again.getState().topics.selectedTopic?.idea).toBe('Written while pending');
    expect(selectTopicsRequest(again.getState()).status).toBe('idle');
    expect(again.getState().topics).not.toHaveProperty('request');
  });

  it("the sync's own run, status and backoff write nothing to the device; what it must remember is written with the edit and comes back", async () => {
    let down = false;
    const { store, persistence } = await persistedStudent({
      'PUT /api/forms/me': () => (down ? json({ error: 'Down', code: 'unavailable' }, 503) : json({ revision: 1, updatedAt: new Date().toISOString() })),
    });
    down = true;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    store.dispatch(topicSelected({ ...sampleTopic, idea: 'Kept while the server is down' }));
    await persistence.persistor.flush();
    const setItem = vi.spyOn(deviceStorage, 'setItem');

    // The run fails, its failure shows, and it is tried again twice with a growing backoff.
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    await vi.waitFor(() => expect(store.getState().remoteSync.saveError).not.toBeNull(), CONDITION_WAIT);
    await vi.advanceTimersByTimeAsync(4_000);
    await persistence.persistor.flush();
    expect(store.getState().remoteSync.failures).toBeGreaterThan(1);
    expect(setItem).not.toHaveBeenCalled();

    const stored = JSON.parse(String(await deviceStorage.getItem(STORED))) as Record<string, string>;
    expect(JSON.parse(stored.sync ?? '{}')).toEqual({ saved: { revision: 1, dirty: ['selectedTopic'], resetPending: false } });
    expect(stored).not.toHaveProperty('remoteSync');
    persistence.stop();

    const again = await reload();
    expect(again.getState().topics.selectedTopic?.idea).toBe('Kept while the server is down');
    expect(again.getState().sync.saved).toEqual({ revision: 1, dirty: ['selectedTopic'], resetPending: false });
    expect(again.getState().remoteSync).toMatchObject({ failures: 0, saveError: null, run: 'idle' });
  });

  it('a stored copy that holds a request state (written by another release) does not bring it back', async () => {
    const slices = {
      topics: { topicSuggestions: {}, selectedTopic: sampleTopic, request: { status: 'pending', error: null, notice: null, requestId: 'r1' } },
      _persist: { version: PERSIST_VERSION, rehydrated: true },
    };
    await deviceStorage.setItem(STORED, JSON.stringify(Object.fromEntries(Object.entries(slices).map(([key, value]) => [key, JSON.stringify(value)]))));
    const store = await reload();
    expect(store.getState().topics.selectedTopic).toEqual(sampleTopic);
    expect(selectTopicsRequest(store.getState()).status).toBe('idle');
    // With nothing pending, the next request starts.
    fakeApi({ 'POST /api/followup-questions': () => json({ questions: ['Who helped you?'] }) });
    await store.dispatch(generateQuestions({ variant: 0 }));
    expect(store.getState().followup.followUpQuestions).toEqual(['Who helped you?']);
  });
});
