// A device copy is sent only under the session it was first synced under: one that meets another session (its
// own ended, a new visitor's began, and it was not erased yet) sends nothing, and the device is left as a
// signed-out one is. A copy not synced yet takes the first session's uid. Its own file: the page stays signed out.
import { describe, expect, it, vi } from 'vitest';
import { whenSignedOut } from '../../../src/api/index.ts';
import { startPersistence } from '../../../src/app/persistence/persistence.ts';
import { connectSession } from '../../../src/app/session/index.ts';
import { makeStore } from '../../../src/app/store.ts';
import type { RootState } from '../../../src/app/store.ts';
import { passingProfile } from '../fixtures.ts';
import { fakeRemote } from './fakeRemote.ts';
import { syncTestEnvironment } from './syncTestEnvironment.ts';

const environment = syncTestEnvironment();

/** A tab opening on Maya's copy (edited, unsent), whose sync remembers `owner`; the session the server gives is anon_12345678. */
function openTab(owner: string | null) {
  const fake = fakeRemote();
  const preloaded: Partial<RootState> = {
    wizard: { ...passingProfile(), basicInfo: { fullName: 'Maya Lin', email: 'maya@example.com' } },
    sync: { saved: { revision: 0, dirty: ['basicInfo', 'academics', 'collegeGoals'], resetPending: false }, owner },
  };
  const store = makeStore(preloaded, { remote: fake.remote });
  const sync = startPersistence(store, { device: false, remoteSync: true, ready: Promise.resolve(), channel: null, random: () => 0.5 });
  environment.stopAfterTest(sync.stop);
  void store.dispatch(connectSession());
  return { store, fake };
}

describe('whose session a device copy is sent under', () => {
  it('a copy not synced yet is sent under the first session, which becomes its owner', async () => {
    const { store, fake } = openTab(null);
    await vi.advanceTimersByTimeAsync(0);
    expect(fake.stored.document?.basicInfo.fullName).toBe('Maya Lin');
    expect(store.getState().sync.owner).toBe('anon_12345678');
  });

  it('a copy of another session sends nothing under this one, and the device is left signed out', async () => {
    const restart = vi.fn();
    whenSignedOut(restart);
    const { fake } = openTab('anon_maya0001');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fake.writes).toHaveLength(0);
    expect(fake.stored.document).toBeNull();
    expect(restart).toHaveBeenCalledWith('/');
  });
});
