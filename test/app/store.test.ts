import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import localforage from 'localforage';
import type { Persistor } from 'redux-persist';
import { addAppListener } from '../../src/app/hooks.ts';
import { deviceStorage } from '../../src/client-core/deviceCopyStorage.ts';
import { PERSIST_KEY } from '../../src/app/persistence/localPersistence.ts';
import { startPersistence } from '../../src/app/persistence/persistence.ts';
import { PERSIST_VERSION } from '../../src/app/persistence/migrations.ts';
import { makeStore } from '../../src/app/store.ts';
import type { AppStore } from '../../src/app/store.ts';
import { essayTypeChosen } from '../../src/features/essayType/index.ts';
import { fullNameChanged } from '../../src/features/wizard/index.ts';

const stops: Array<() => void> = [];

const persistedStore = async (): Promise<{ store: AppStore; persistor: Persistor }> => {
  const store = makeStore();
  const { persistor, stop } = startPersistence(store);
  stops.push(stop);
  await waitFor(() => expect(persistor.getState().bootstrapped).toBe(true));
  return { store, persistor };
};

const storedCopy = async (): Promise<Record<string, unknown> | null> => {
  const raw = await deviceStorage.getItem<string>(`persist:${PERSIST_KEY}`);
  if (raw === null) return null;
  const outer = JSON.parse(raw) as Record<string, string>;
  return Object.fromEntries(Object.entries(outer).map(([key, value]) => [key, JSON.parse(value) as unknown]));
};

afterEach(async () => {
  stops.splice(0).forEach((stop) => stop());
  await deviceStorage.clear();
});

describe('makeStore', () => {
  it('starts every slice empty', () => {
    const state = makeStore().getState();
    expect(state.wizard.basicInfo.fullName).toBe('');
    expect(state.essayType.essayType).toBeNull();
    expect(state.topics).toEqual({ topicSuggestions: {}, selectedTopic: null });
    expect(state.followup).toEqual({ followUpQuestions: [], followUpResponses: {} });
    expect(state.essay.generatedEssay).toBe('');
    expect(state.supplemental.supplementalEssays).toEqual([]);
    expect(state.session).toMatchObject({ uid: null, plan: null, status: 'idle' });
  });

  it('takes a preloaded state, so tests can start anywhere in the flow', () => {
    const store = makeStore({ essayType: { essayType: 'personal' } });
    expect(store.getState().essayType.essayType).toBe('personal');
  });

  it('runs listeners added at run time', () => {
    const store = makeStore();
    const effect = vi.fn();
    store.dispatch(addAppListener({ actionCreator: essayTypeChosen, effect }));
    store.dispatch(essayTypeChosen('supplemental'));
    expect(effect).toHaveBeenCalledOnce();
  });
});

describe('the device copy (redux-persist on localforage)', () => {
  it('writes a change to IndexedDB at once, without the session', async () => {
    const { store } = await persistedStore();
    store.dispatch(fullNameChanged('Maya Chen'));
    await waitFor(async () => {
      const stored = await storedCopy();
      expect(stored?.wizard).toMatchObject({ basicInfo: { fullName: 'Maya Chen' } });
    });
    expect(deviceStorage.driver()).toBe(localforage.INDEXEDDB);
    const stored = await storedCopy();
    expect(stored).not.toHaveProperty('session');
    expect(stored?._persist).toMatchObject({ version: PERSIST_VERSION });
  });

  it('rehydrates a new store from what the last one wrote', async () => {
    const first = await persistedStore();
    first.store.dispatch(fullNameChanged('Maya Chen'));
    first.store.dispatch(essayTypeChosen('personal'));
    await first.persistor.flush();

    const { store } = await persistedStore();
    expect(store.getState().wizard.basicInfo.fullName).toBe('Maya Chen');
    expect(store.getState().essayType.essayType).toBe('personal');
    // Fields the stored slice lacks keep their defaults (merged one level deep).
    expect(store.getState().wizard.academics.subjects).toEqual([]);
  });

  it('flushes pending writes when the page is hidden or closed', async () => {
    const { persistor } = await persistedStore();
    const flush = vi.spyOn(persistor, 'flush');
    window.dispatchEvent(new Event('pagehide'));
    expect(flush).toHaveBeenCalledTimes(1);

    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(flush).toHaveBeenCalledTimes(2);
    visibility.mockRestore();
  });

  it("does not trip RTK's serializable check with redux-persist's actions", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await persistedStore();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});
