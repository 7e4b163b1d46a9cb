// No edit stranded on the device: a refused or failing save is shown, sections left unsent by an earlier
// tab go without the student typing, and a tab that starts offline says so and sends them once the
// browser is back. Fake timers, the real store and listeners, an in-memory backend.
import { describe, expect, it, vi } from 'vitest';
import { startPersistence } from '../../../src/app/persistence/persistence.ts';
import { RETRY_MIN_MS, SYNC_DELAY_MS } from '../../../src/app/persistence/persistenceListener.ts';
import { connectSession } from '../../../src/app/session/index.ts';
import { makeStore } from '../../../src/app/store.ts';
import type { RootState } from '../../../src/app/store.ts';
import { fullNameChanged, insightChanged } from '../../../src/features/wizard/index.ts';
import { passingProfile } from '../fixtures.ts';
import { fakeRemote, networkError } from './fakeRemote.ts';
import { syncTestEnvironment } from './syncTestEnvironment.ts';

const serverError = { status: 500, code: 'internal', message: 'Something went wrong on our side.' };
const refused = { status: 400, code: 'invalid_request', message: 'body.document.basicInfo.fullName: must be at most 100 characters long' };

const environment = syncTestEnvironment();

/**
 * A tab opening on a device copy that an earlier tab edited (and could not send): no session yet. The
 * first `failedSignIns` sign-ins fail for want of a network (the fake knows nothing of navigator.onLine).
 */
function openTab(preloaded: Partial<RootState> = {}, failedSignIns = 0) {
  const fake = fakeRemote();
  fake.failSignIn(networkError, failedSignIns);
  const store = makeStore(preloaded, { remote: fake.remote });
  const channel = { postMessage: vi.fn(), close: vi.fn(), addEventListener: vi.fn(), removeEventListener: vi.fn() };
  const sync = startPersistence(store, { device: false, remoteSync: true, ready: Promise.resolve(), channel, random: () => 0.5 });
  environment.stopAfterTest(sync.stop);
  // What start-up does beside the sync (bootstrap.ts): sign in, then read the plan.
  void store.dispatch(connectSession());
  return { store, fake };
}

const editedEarlier = (): Partial<RootState> => ({
  wizard: { ...passingProfile(), basicInfo: { fullName: 'Typed in the closed tab', email: 'maya@example.com' } },
  sync: { ...makeStore().getState().sync, saved: { revision: 0, dirty: ['basicInfo', 'academics', 'collegeGoals'], resetPending: false } },
});

describe('a save the server fails (5xx)', () => {
  it('shows the save failure, retries with backoff, and clears it once the write lands', async () => {
    const { store, fake } = openTab();
    await vi.advanceTimersByTimeAsync(0);
    fake.fail(serverError, 3);
    store.dispatch(fullNameChanged('Maya'));
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    expect(store.getState().remoteSync.saveError).toMatchObject({ status: 500 });
    expect(store.getState().remoteSync.status).toBe('device');
    await vi.advanceTimersByTimeAsync(RETRY_MIN_MS); // 1 s, then 2 s, then 4 s apart
    expect(fake.writes).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2 * RETRY_MIN_MS);
    expect(fake.writes).toHaveLength(3);
    expect(store.getState().remoteSync.saveError).toMatchObject({ status: 500 });
    await vi.advanceTimersByTimeAsync(4 * RETRY_MIN_MS);
    expect(fake.writes).toHaveLength(4);
    expect(fake.stored.document?.basicInfo.fullName).toBe('Maya');
    expect(store.getState().remoteSync.saveError).toBeNull();
    expect(store.getState().remoteSync.status).toBe('synced');
  });
});

describe('a save the server refuses for good (4xx)', () => {
  it('is reported once with the reason, keeps every word on the device, and the next edit tries again', async () => {
    const { store, fake } = openTab();
    await vi.advanceTimersByTimeAsync(0);
    fake.fail(refused, 1);
    const answer = `${'a'.repeat(499)}😀`;
    store.dispatch(insightChanged({ key: 'roleModel', value: answer }));
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    expect(store.getState().remoteSync.saveError).toEqual(refused);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(fake.writes).toHaveLength(1);
    expect(store.getState().wizard.personalInsights.roleModel).toBe(answer);
    expect(store.getState().sync.saved.dirty).toEqual(['personalInsights']);
    store.dispatch(fullNameChanged('Maya')); // the next edit: one more try, which lands
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    expect(fake.writes).toHaveLength(2);
    expect(fake.stored.document?.personalInsights.roleModel).toBe(answer);
    expect(store.getState().remoteSync.saveError).toBeNull();
  });
});

describe('sections an earlier tab left unsent', () => {
  it('go as soon as the device copy is read, with no typing', async () => {
    const { store, fake } = openTab(editedEarlier());
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.stored.document?.basicInfo.fullName).toBe('Typed in the closed tab');
    expect(store.getState().sync.saved.dirty).toEqual([]);
    expect(store.getState().remoteSync.status).toBe('synced');
  });

  it('are retried when the server cannot be reached at start-up, with the failure shown meanwhile', async () => {
    const { store, fake } = openTab(editedEarlier(), 2);
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.writes).toHaveLength(0);
    expect(store.getState().remoteSync.saveError).toMatchObject({ code: 'network' });
    await vi.advanceTimersByTimeAsync(RETRY_MIN_MS + 2 * RETRY_MIN_MS); // two retries, the second signs in
    expect(fake.stored.document?.basicInfo.fullName).toBe('Typed in the closed tab');
    expect(store.getState().remoteSync.saveError).toBeNull();
  });
});

describe('a tab that starts offline', () => {
  it('says so, attempts nothing, and sends the earlier tab\'s sections when the browser is back', async () => {
    environment.online = false;
    const { store, fake } = openTab(editedEarlier(), 1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(store.getState().remoteSync.status).toBe('offline');
    expect(fake.writes).toHaveLength(0);
    expect(store.getState().remoteSync.saveError).toBeNull();
    environment.online = true;
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.stored.document?.basicInfo.fullName).toBe('Typed in the closed tab');
    expect(store.getState().remoteSync.status).toBe('synced');
  });

  it('still sends them within 2 s when the first sign-in after the online event fails', async () => {
    environment.online = false;
    // The start-up sign-in fails (offline); then the browser reports the connection before it carries
    // requests, so the sign-in that the online event starts (the session refresh's, as in the app) fails too.
    const { store, fake } = openTab(editedEarlier(), 2);
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().session.status).toBe('failed');
    environment.online = true;
    window.dispatchEvent(new Event('online'));
    void store.dispatch(connectSession());
    await vi.advanceTimersByTimeAsync(2000);
    expect(fake.stored.document?.basicInfo.fullName).toBe('Typed in the closed tab');
  });

  it('starts the backoff afresh when the browser is back, however long it failed before', async () => {
    const { store, fake } = openTab();
    await vi.advanceTimersByTimeAsync(0);
    fake.fail(networkError, 10);
    store.dispatch(fullNameChanged('Maya'));
    await vi.advanceTimersByTimeAsync(60_000); // 1 + 2 + 4 + 8 + 10 + 10 + … s apart: backed off to 10 s
    const failedWrites = fake.writes.length;
    expect(failedWrites).toBe(9);
    environment.online = false;
    window.dispatchEvent(new Event('offline'));
    environment.online = true;
    window.dispatchEvent(new Event('online')); // fails once more, then 1 s later (not 10 s) lands
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.writes).toHaveLength(failedWrites + 1);
    await vi.advanceTimersByTimeAsync(1.2 * RETRY_MIN_MS);
    expect(fake.stored.document?.basicInfo.fullName).toBe('Maya');
  });
});
