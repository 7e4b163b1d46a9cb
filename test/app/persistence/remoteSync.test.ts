// The remote side of persistence with fake timers and an in-memory backend: when writes happen, what they
// carry, how failures are retried or reported, and how a conflict is reconciled.
import { describe, expect, it, vi } from 'vitest';
import { formDocumentLoaded, formReset, replacedSectionSettled } from '../../../src/client-core/documentActions.ts';
import { startPersistence } from '../../../src/app/persistence/persistence.ts';
import { remoteChangedElsewhere } from '../../../src/app/persistence/syncSlice.ts';
import { RETRY_MIN_MS, SYNC_DELAY_MS } from '../../../src/app/persistence/persistenceListener.ts';
import { makeStore } from '../../../src/app/store.ts';
import type { RootState } from '../../../src/app/store.ts';
import {
  collegeTypeToggled, fullNameChanged, writingSampleTextChanged,
} from '../../../src/features/wizard/index.ts';
import { emptyFormDocument } from '../../../src/common/questionnaire/formDocumentDefaults.ts';
import type { RemoteDocument } from '../../../src/remote/index.ts';
import { fullDocument, passingProfile } from '../fixtures.ts';
import { fakeRemote, networkError } from './fakeRemote.ts';
import { syncTestEnvironment } from './syncTestEnvironment.ts';

const signedIn = {
  uid: 'anon_12345678', plan: 'free', status: 'succeeded', planStatus: 'succeeded', error: null,
} as const;

const environment = syncTestEnvironment();

/** A signed-in store synced to `remote`, after its start-up read of the remote copy. */
async function setup(initial?: RemoteDocument, preloaded: Partial<RootState> = {}) {
  const fake = fakeRemote(initial);
  const store = makeStore({ session: signedIn, ...preloaded }, { remote: fake.remote });
  const channel = { postMessage: vi.fn(), close: vi.fn(), addEventListener: vi.fn(), removeEventListener: vi.fn() };
  // random 0.5: a backoff jitter of exactly 1 (Math.random itself must stay: listener ids are made from it).
  const sync = startPersistence(store, { device: false, remoteSync: true, ready: Promise.resolve(), channel, random: () => 0.5 });
  environment.stopAfterTest(sync.stop);
  store.dispatch(remoteChangedElsewhere({ document: true }));
  await vi.advanceTimersByTimeAsync(0);
  return { store, fake, sync, channel };
}

describe('remote sync timing', () => {
  it('turns a 5-second burst of typing into exactly one write, sent 500 ms after the last change', async () => {
    const { store, fake } = await setup();
    const text = 'I remember the sound more than anything. '.repeat(10);
    let lastChange = 0;
    for (let typed = 1; typed <= 50; typed += 1) { // a keystroke every 100 ms for 5 s
      store.dispatch(writingSampleTextChanged(text.slice(0, typed * 8)));
      lastChange = Date.now();
      await vi.advanceTimersByTimeAsync(100);
    }
    expect(fake.writes).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS - 100 - 1);
    expect(fake.writes).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.writes).toHaveLength(1);
    expect(fake.writes[0]?.at).toBe(lastChange + SYNC_DELAY_MS);
    expect(fake.writes[0]?.document.personalInsights.writingSample.text).toBe(text.slice(0, 400));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fake.writes).toHaveLength(1);
    expect(store.getState().remoteSync.status).toBe('synced');
    expect(store.getState().sync.saved).toEqual({ revision: 1, dirty: [], resetPending: false });
  });

  it('writes once per pause: three bursts, three writes', async () => {
    const { store, fake } = await setup();
    for (const name of ['M', 'Ma', 'May']) {
      store.dispatch(fullNameChanged(name));
      await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS + 50);
    }
    expect(fake.writes.map((write) => write.document.basicInfo.fullName)).toEqual(['M', 'Ma', 'May']);
    expect(fake.writes.map((write) => write.baseRevision)).toEqual([0, 1, 2]);
  });

  it('marks the sections edited here and, once saved, the header says so', async () => {
    const { store } = await setup();
    store.dispatch(fullNameChanged('Maya'));
    store.dispatch(collegeTypeToggled('Ivy League'));
    expect(store.getState().sync.saved.dirty).toEqual(['basicInfo', 'collegeGoals']);
    expect(store.getState().remoteSync.status).toBe('device');
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    expect(store.getState().sync.saved.dirty).toEqual([]);
    expect(store.getState().remoteSync.status).toBe('synced');
  });

  it('keeps an edit made while a write is on its way, and sends it next', async () => {
    const { store, fake } = await setup();
    let release: () => void = () => {};
    const save = fake.remote.saveDocument;
    fake.remote.saveDocument = async (...args) => {
      await new Promise<void>((resolve) => { release = resolve; });
      return save(...args);
    };
    store.dispatch(fullNameChanged('Maya'));
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    store.dispatch(fullNameChanged('Maya Chen'));
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().sync.saved.dirty).toEqual(['basicInfo']);
    fake.remote.saveDocument = save;
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    expect(fake.stored.document?.basicInfo.fullName).toBe('Maya Chen');
    expect(store.getState().sync.saved.dirty).toEqual([]);
  });
  it('typing during a write makes exactly one more write, based on the first one\'s revision (no 409)', async () => {
    const { store, fake } = await setup();
    let release: () => void = () => {};
    const save = fake.remote.saveDocument;
    fake.remote.saveDocument = async (...args) => {
      const answer = save(...args); // stored at once; its answer is held until release()
      await new Promise<void>((resolve) => { release = resolve; });
      return answer;
    };
    store.dispatch(fullNameChanged('M'));
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    expect(fake.writes).toHaveLength(1);
    for (const name of ['Ma', 'May', 'Maya', 'Maya C']) { // typed while the write is on its way, pauses and all
      store.dispatch(fullNameChanged(name));
      await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS + 100);
    }
    expect(fake.writes).toHaveLength(1); // at most one write in flight
    fake.remote.saveDocument = save;
    release();
    await vi.advanceTimersByTimeAsync(60_000);
    // The second write is based on the first's revision: its outcome was applied before the next was sent.
    expect(fake.writes.map((write) => [write.baseRevision, write.document.basicInfo.fullName])).toEqual([[0, 'M'], [1, 'Maya C']]);
    expect(fake.stored.revision).toBe(2);
    expect(store.getState().sync.saved.dirty).toEqual([]);
  });
});

describe('remote sync failures', () => {
  it('retries a failed write with backoff, as it was and with its key, then sends the newest document, and clears the alert', async () => {
    const { store, fake } = await setup();
    fake.fail(networkError, 2);
    store.dispatch(fullNameChanged('Maya'));
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    expect(fake.writes).toHaveLength(1);
    expect(store.getState().remoteSync.saveError).toMatchObject({ code: 'network' });
    store.dispatch(collegeTypeToggled('Ivy League')); // typed during the backoff: it never brings the retry forward
    await vi.advanceTimersByTimeAsync(RETRY_MIN_MS - 1);
    expect(fake.writes).toHaveLength(1);
    // The retry, 1 s after the failure: the write whose answer never came, as it was, with its key (it may have
    // taken); it fails too.
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.writes).toHaveLength(2);
    expect(fake.writes[1]).toMatchObject({ document: fake.writes[0]?.document, key: fake.writes[0]?.key });
    await vi.advanceTimersByTimeAsync(2 * RETRY_MIN_MS - 1); // then 2 s
    expect(fake.writes).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS + 100);
    // It lands, then the newest document goes, a write of its own.
    expect(fake.writes.map((write) => write.document.collegeGoals.collegeTypes)).toEqual([[], [], [], ['Ivy League']]);
    expect(new Set(fake.writes.map((write) => write.key)).size).toBe(2);
    expect(fake.stored.document?.collegeGoals.collegeTypes).toEqual(['Ivy League']);
    expect(fake.stored.document?.basicInfo.fullName).toBe('Maya');
    expect(store.getState().remoteSync.saveError).toBeNull();
    expect(store.getState().remoteSync.status).toBe('synced');
  });

  it('a write that took but whose answer was lost is sent again with its key: applied once, never a conflict with itself', async () => {
    const { store, fake } = await setup();
    fake.loseAnswers(networkError);
    store.dispatch(fullNameChanged('Maya'));
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    expect(fake.stored.document?.basicInfo.fullName).toBe('Maya');
    expect(store.getState().remoteSync.saveError).toMatchObject({ code: 'network' });
    store.dispatch(fullNameChanged('Maya Lopez')); // typed while the device cannot know
    await vi.advanceTimersByTimeAsync(RETRY_MIN_MS + SYNC_DELAY_MS + 100);
    expect(fake.writes.map((write) => [write.baseRevision, write.document.basicInfo.fullName])).toEqual([[0, 'Maya'], [0, 'Maya'], [1, 'Maya Lopez']]);
    expect(fake.writes[1]?.key).toBe(fake.writes[0]?.key);
    expect(fake.conflicts).toBe(0);
    expect(fake.applied).toBe(2);
    expect(fake.stored).toMatchObject({ revision: 2, document: { basicInfo: { fullName: 'Maya Lopez' } } });
    expect(store.getState().remoteSync).toMatchObject({ status: 'synced', saveError: null, documentInDoubt: null });
  });

  it('waits out a 429\'s Retry-After, whatever the student types meanwhile', async () => {
    const { store, fake } = await setup();
    fake.fail({ status: 429, code: 'rate_limited', message: 'Too many requests', retryAfterSeconds: 30 }, 1);
    store.dispatch(fullNameChanged('Maya'));
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    expect(fake.writes).toHaveLength(1);
    for (let second = 0; second < 29; second += 1) {
      store.dispatch(fullNameChanged(`Maya ${second}`));
      await vi.advanceTimersByTimeAsync(1000);
    }
    expect(fake.writes).toHaveLength(1);
    window.dispatchEvent(new Event('online')); // the connection coming back does not lift the server's wait
    await vi.advanceTimersByTimeAsync(999);
    expect(fake.writes).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fake.writes).toHaveLength(2);
    expect(fake.stored.document?.basicInfo.fullName).toBe('Maya 28');
  });

  it('retries at once when the browser comes back online', async () => {
    const { store, fake } = await setup();
    fake.fail(networkError, 1);
    store.dispatch(fullNameChanged('Maya'));
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    expect(fake.writes).toHaveLength(1);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.writes).toHaveLength(2);
    expect(fake.stored.revision).toBe(1);
  });

  it('attempts nothing while offline, says so, and syncs on the online event', async () => {
    const { store, fake } = await setup();
    environment.online = false;
    window.dispatchEvent(new Event('offline'));
    expect(store.getState().remoteSync.status).toBe('offline');
    store.dispatch(fullNameChanged('Maya'));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fake.writes).toHaveLength(0);
    expect(store.getState().remoteSync.status).toBe('offline');
    expect(store.getState().remoteSync.saveError).toBeNull();
    environment.online = true;
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.writes).toHaveLength(1);
    expect(store.getState().remoteSync.status).toBe('synced');
  });

  it('reports a permanent 4xx once and does not retry it in a loop', async () => {
    const { store, fake } = await setup();
    fake.fail({ status: 413, code: 'document_too_large', message: 'too large' }, 2);
    store.dispatch(fullNameChanged('Maya'));
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    expect(store.getState().remoteSync.saveError).toMatchObject({ status: 413 });
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(fake.writes).toHaveLength(1);
    store.dispatch(fullNameChanged('Maya C')); // the next edit gets one more try
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(fake.writes).toHaveLength(2);
  });

  it('starts a new session after a 401 and sends the document again', async () => {
    const { store, fake } = await setup();
    fake.fail({ status: 401, code: 'no_session', message: 'no session' }, 1);
    store.dispatch(fullNameChanged('Maya'));
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS + RETRY_MIN_MS);
    expect(fake.writes).toHaveLength(2);
    expect(fake.stored.document?.basicInfo.fullName).toBe('Maya');
    expect(store.getState().session.uid).toBe('anon_12345678');
  });
});

describe('remote sync conflicts (409)', () => {
  it('keeps the sections edited here, takes the rest from the server, and saves the merge', async () => {
    const { store, fake } = await setup();
    store.dispatch(fullNameChanged('Maya'));
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    // Another device saves a whole profile; this one edits the name meanwhile.
    const elsewhere = { ...fullDocument(), basicInfo: { fullName: 'Other device', email: 'o@example.com' } };
    fake.storeElsewhere(elsewhere);
    store.dispatch(fullNameChanged('Maya Chen'));
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    expect(fake.writes.map((write) => write.baseRevision)).toEqual([0, 1, 2]); // stale, then reconciled
    const state = store.getState();
    expect(state.wizard.basicInfo.fullName).toBe('Maya Chen');
    expect(state.wizard.collegeGoals).toEqual(elsewhere.collegeGoals);
    expect(state.essay.generatedEssay).toBe(elsewhere.generatedEssay);
    expect(fake.stored).toMatchObject({ revision: 3 });
    expect(fake.stored.document?.basicInfo.fullName).toBe('Maya Chen');
    expect(fake.stored.document?.collegeGoals).toEqual(elsewhere.collegeGoals);
    expect(state.sync.saved).toEqual({ revision: 3, dirty: [], resetPending: false });
  });

  it('keeps the other device’s text of a section both changed, and sends it again once the student restores it', async () => {
    const { store, fake } = await setup();
    store.dispatch(fullNameChanged('Maya'));
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    const there = { fullName: 'Maya Okafor', email: '' };
    fake.storeElsewhere({ ...emptyFormDocument(), basicInfo: there });
    store.dispatch(fullNameChanged('Maya O.'));
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    expect(fake.stored.document?.basicInfo.fullName).toBe('Maya O.');
    expect(store.getState().sync.replaced).toEqual({ basicInfo: there });
    expect(store.getState().sync.before).toBeUndefined();

    store.dispatch(formDocumentLoaded({ document: { basicInfo: there }, source: 'restored' }));
    store.dispatch(replacedSectionSettled('basicInfo'));
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    expect(store.getState().wizard.basicInfo).toEqual(there);
    expect(fake.stored.document?.basicInfo).toEqual(there);
    expect(store.getState().sync).toEqual({ saved: { revision: fake.stored.revision, dirty: [], resetPending: false } });
  });

  it('offers nothing back when the other device changed other sections only', async () => {
    const { store, fake } = await setup();
    store.dispatch(fullNameChanged('Maya'));
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    fake.storeElsewhere({ ...emptyFormDocument(), basicInfo: { fullName: 'Maya', email: '' }, collegeGoals: fullDocument().collegeGoals });
    store.dispatch(fullNameChanged('Maya O.'));
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    expect(fake.stored.document?.basicInfo.fullName).toBe('Maya O.');
    expect(store.getState().wizard.collegeGoals).toEqual(fullDocument().collegeGoals);
    expect(store.getState().sync.replaced).toBeUndefined();
  });
});

describe('remote sync start-up and other tabs', () => {
  it('fills in the remote copy behind the device copy, keeping what was edited here while offline', async () => {
    const remoteDoc = { ...fullDocument(), generatedEssay: 'Saved elsewhere.' };
    const device = { ...passingProfile(), basicInfo: { fullName: 'Edited offline', email: 'maya@example.com' } };
    const { store, fake } = await setup({ document: remoteDoc, revision: 4 }, {
      wizard: device, sync: { ...makeStore().getState().sync, saved: { revision: 3, dirty: ['basicInfo'], resetPending: false } },
    });
    expect(store.getState().remoteSync.load).toBe('succeeded');
    expect(store.getState().essay.generatedEssay).toBe('Saved elsewhere.');
    expect(store.getState().wizard.personalInsights).toEqual(remoteDoc.personalInsights);
    expect(store.getState().wizard.basicInfo.fullName).toBe('Edited offline');
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.stored.revision).toBe(5);
    expect(fake.stored.document?.basicInfo.fullName).toBe('Edited offline');
  });

  it('does not write for a new student who has typed nothing', async () => {
    const { fake, store } = await setup();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fake.writes).toHaveLength(0);
    expect(store.getState().remoteSync.status).toBe('synced');
  });

  it('"Start over" clears the remote copy too', async () => {
    const { store, fake } = await setup({ document: fullDocument(), revision: 2 });
    store.dispatch(formReset());
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.stored).toEqual({ document: null, revision: 3 });
    expect(fake.writes).toHaveLength(0);
    expect(store.getState().sync.saved).toEqual({ revision: 3, dirty: [], resetPending: false });
    expect(store.getState().wizard).toEqual(expect.objectContaining({ basicInfo: emptyFormDocument().basicInfo }));
  });

  it('reads the remote copy again when another tab announces a newer revision, and announces its own', async () => {
    const { store, fake, channel } = await setup();
    store.dispatch(fullNameChanged('Maya'));
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    expect(channel.postMessage).toHaveBeenLastCalledWith({ revision: 1 });
    const onMessage = channel.addEventListener.mock.calls[0]?.[1] as (event: MessageEvent) => void;
    fake.storeElsewhere({ ...fullDocument(), basicInfo: { fullName: 'From the other tab', email: '' } });
    onMessage(new MessageEvent('message', { data: { revision: 2 } }));
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().wizard.basicInfo.fullName).toBe('From the other tab');
    expect(store.getState().sync.saved.revision).toBe(2);
    expect(fake.writes).toHaveLength(1);
  });
  it('reads the remote copy again when the window regains focus or the tab comes back into view', async () => {
    const { store, fake } = await setup();
    store.dispatch(fullNameChanged('Maya'));
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    fake.storeElsewhere({ ...fullDocument(), basicInfo: { fullName: 'Typed on the phone', email: '' } });
    window.dispatchEvent(new Event('focus'));
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().wizard.basicInfo.fullName).toBe('Typed on the phone');
    expect(store.getState().sync.saved.revision).toBe(2);

    fake.storeElsewhere({ ...fullDocument(), basicInfo: { fullName: 'Typed on the laptop', email: '' } });
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().wizard.basicInfo.fullName).toBe('Typed on the laptop');
    expect(fake.writes).toHaveLength(1);
  });
});
