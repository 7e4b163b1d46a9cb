// The persistence listener end to end: one change to a persisted slice is handed to the device copy's
// storage in the same task, and the remote copy gets exactly one PUT, SYNC_DELAY_MS after the last change of
// a burst. The real store, redux-persist on fake-indexeddb, the server backend over a faked fetch.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { deviceStorage } from '../../../src/client-core/deviceCopyStorage.ts';
import { PERSIST_KEY } from '../../../src/app/persistence/localPersistence.ts';
import { startPersistence } from '../../../src/app/persistence/persistence.ts';
import { SYNC_DELAY_MS } from '../../../src/app/persistence/persistenceListener.ts';
import { makeStore } from '../../../src/app/store.ts';
import { essayTextStreamed, essayStreamStarted } from '../../../src/features/essay/index.ts';
import { fullNameChanged } from '../../../src/features/wizard/index.ts';
import { serverBackend } from '../../../src/remote/index.ts';
import { fakeApi, json } from '../fakeApi.ts';
import { CONDITION_WAIT } from '../../setup/conditionWait.ts';

const stops: Array<() => void> = [];

afterEach(async () => {
  stops.splice(0).forEach((stop) => stop());
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await deviceStorage.clear();
});

async function persistedStore() {
  let revision = 0;
  const api = fakeApi({
    'GET /api/forms/me': () => json({ document: null, revision: 0, updatedAt: null }),
    'PUT /api/forms/me': () => json({ revision: (revision += 1), updatedAt: new Date().toISOString() }),
  });
  const store = makeStore({
    session: { uid: 'anon_12345678', plan: 'free', status: 'succeeded', planStatus: 'succeeded', error: null },
  }, { remote: serverBackend });
  const persistence = startPersistence(store, { remoteSync: true, channel: null });
  stops.push(persistence.stop);
  await persistence.rehydrated;
  await waitFor(() => expect(store.getState().remoteSync.load).toBe('succeeded'));
  return { store, api, persistence };
}

const written = (call: unknown[]): string => String(call[1]);

describe('the persistence listener', () => {
  it('writes the device copy in the same task as the change, and sends one PUT 500 ms after the last change', async () => {
    const { store, api } = await persistedStore();
    // Only the timers the pause uses are faked: IndexedDB (fake-indexeddb) keeps its own scheduling.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const setItem = vi.spyOn(deviceStorage, 'setItem');

    store.dispatch(fullNameChanged('M'));
    // No await between the change and this line: the write was handed to storage in the dispatch's task.
    expect(setItem).toHaveBeenCalled();
    expect(setItem.mock.calls.at(-1)?.[0]).toBe(`persist:${PERSIST_KEY}`);
    expect(written(setItem.mock.calls.at(-1) ?? [])).toContain('\\"fullName\\":\\"M\\"');

    for (const name of ['Ma', 'May', 'Maya']) {
      await vi.advanceTimersByTimeAsync(200);
      const before = setItem.mock.calls.length;
      store.dispatch(fullNameChanged(name));
      expect(setItem.mock.calls.length).toBeGreaterThan(before);
    }
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS - 1);
    expect(api.callsTo('PUT /api/forms/me')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(api.callsTo('PUT /api/forms/me')).toHaveLength(1), CONDITION_WAIT);
    const sent = JSON.parse(String(api.callsTo('PUT /api/forms/me')[0]?.init.body)) as { document: { basicInfo: { fullName: string } } };
    expect(sent.document.basicInfo.fullName).toBe('Maya');
    await vi.advanceTimersByTimeAsync(5 * SYNC_DELAY_MS);
    expect(api.callsTo('PUT /api/forms/me')).toHaveLength(1);
  });

  it('writes an edit and its unsent mark to the device together, never the edit alone', async () => {
    const { store } = await persistedStore();
    const setItem = vi.spyOn(deviceStorage, 'setItem');
    store.dispatch(fullNameChanged('Maya'));
    const withEdit = setItem.mock.calls.map(written).filter((value) => value.includes('\\"fullName\\":\\"Maya\\"'));
    expect(withEdit.length).toBeGreaterThan(0);
    for (const value of withEdit) expect(value).toContain('\\"dirty\\":[\\"basicInfo\\"]');
  });

  it('writes nothing to the device while an essay streams in', async () => {
    const { store } = await persistedStore();
    const setItem = vi.spyOn(deviceStorage, 'setItem');
    store.dispatch(essayStreamStarted());
    for (let chunk = 0; chunk < 20; chunk += 1) store.dispatch(essayTextStreamed('Some words arrive. '));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(store.getState().essayStream.text).toHaveLength(20 * 'Some words arrive. '.length);
    expect(setItem).not.toHaveBeenCalled();
  });

  it('flushes the device copy when the page is hidden or closed', async () => {
    const { persistence } = await persistedStore();
    const flush = vi.spyOn(persistence.persistor, 'flush');
    window.dispatchEvent(new Event('pagehide'));
    expect(flush).toHaveBeenCalledTimes(1);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(flush).toHaveBeenCalledTimes(2);
  });
});
