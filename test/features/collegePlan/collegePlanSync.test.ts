// The college list through the one persistence listener, with fake timers and an in-memory backend that keeps
// revisions as the server does: nothing is read or sent before the planner is opened; opening it reads the
// remote list (taken when this device holds no edits); an edit is sent 500 ms after the last one; a stale write
// is sent again on the remote's revision with this device's list; a failure is retried, and a write whose answer
// was lost goes again with its Idempotency-Key before anything newer; a list the server refuses stays on the device.
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/index.ts';
import { startPersistence } from '../../../src/app/persistence/persistence.ts';
import { RETRY_MIN_MS, SYNC_DELAY_MS } from '../../../src/app/persistence/persistenceListener.ts';
import { makeStore } from '../../../src/app/store.ts';
import type { CollegePlan } from '../../../src/common/collegePlan/schema.ts';
import {
  collegeAdded, collegePlanOpened, collegeRemoved,
} from '../../../src/features/collegePlan/collegePlanSlice.ts';
import type { RemoteCollegePlan } from '../../../src/remote/index.ts';
// The run loads its steps with a dynamic import, which takes real time: loaded here, it resolves at once.
import '../../../src/features/collegePlan/collegePlanSync.ts';
import '../../../src/app/persistence/syncSteps.ts';
import { fakeRemote, networkError, revisionedDocument } from '../../app/persistence/fakeRemote.ts';
import { syncTestEnvironment } from '../../app/persistence/syncTestEnvironment.ts';
import { threeColleges } from '../../fixtures/collegePlans.ts';

const signedIn = { uid: 'anon_12345678', plan: 'free', status: 'succeeded', planStatus: 'succeeded', error: null } as const;
const environment = syncTestEnvironment();

function setup(initial: RemoteCollegePlan = { document: null, revision: 0 }) {
  const fake = fakeRemote();
  // Kept as the server keeps it, with its gate: a key it has answered gets that answer again, without the write.
  const plan = revisionedDocument<CollegePlan>(initial);
  const reads: number[] = [];
  let failNext = false;
  const failIfTold = () => {
    if (!failNext) return;
    failNext = false;
    throw new ApiError(networkError);
  };
  fake.remote.loadCollegePlan = async () => {
    reads.push(Date.now());
    return plan.load();
  };
  fake.remote.saveCollegePlan = async (document, baseRevision, _signal, key) => plan.save(document, baseRevision, key, failIfTold);
  const store = makeStore({ session: signedIn }, { remote: fake.remote });
  const channel = { postMessage: vi.fn(), close: vi.fn(), addEventListener: vi.fn(), removeEventListener: vi.fn() };
  const sync = startPersistence(store, { device: false, remoteSync: true, ready: Promise.resolve(), channel, random: () => 0.5 });
  environment.stopAfterTest(sync.stop);
  return {
    store, writes: plan.writes, reads,
    get stored() { return plan.stored; },
    get applied() { return plan.applied; },
    get conflicts() { return plan.conflicts; },
    setStored: (next: RemoteCollegePlan) => { plan.stored = next; },
    failNextWrite: () => { failNext = true; },
    /** Every write from now on refused as the server refuses a list over its limits. */
    refuseWrites: (error: ApiError) => { fake.remote.saveCollegePlan = async () => { throw error; }; },
    /** The next write is applied, then fails as a dropped connection would: its answer never comes. */
    loseNextAnswer: () => plan.loseAnswers(networkError),
  };
}

const college = { id: 'yale', name: 'Yale University', round: 'regularDecision' as const, deadline: '2027-01-02' };

describe('the college list’s remote copy', () => {
  it('reads nothing before the planner is opened, then takes the remote list on opening it', async () => {
    const remote = setup({ document: threeColleges(), revision: 4 });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(remote.reads).toEqual([]);
    remote.store.dispatch(collegePlanOpened());
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    expect(remote.reads).toHaveLength(1);
    expect(remote.store.getState().collegePlan).toMatchObject({ document: threeColleges(), revision: 4, unsent: false });
    expect(remote.writes).toEqual([]);
  });

  it('sends an edit 500 ms after the last one, on the revision it read, and only once', async () => {
    const remote = setup();
    remote.store.dispatch(collegePlanOpened());
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    remote.store.dispatch(collegeAdded(college));
    const edited = Date.now();
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS - 1);
    expect(remote.writes).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(remote.writes).toEqual([{ document: { colleges: [{ ...college, prompts: [] }], stories: [] }, baseRevision: 0, at: edited + SYNC_DELAY_MS, key: expect.any(String) }]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(remote.writes).toHaveLength(1);
    expect(remote.store.getState().collegePlan).toMatchObject({ revision: 1, unsent: false });
  });

  it('sends this device’s list again on the remote’s revision after a 409, and retries a network failure', async () => {
    const remote = setup();
    remote.store.dispatch(collegePlanOpened());
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    remote.setStored({ document: threeColleges(), revision: 7 }); // another device saved meanwhile
    remote.failNextWrite();
    remote.store.dispatch(collegeAdded(college));
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    expect(remote.writes).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(remote.writes.map((write) => write.baseRevision)).toEqual([0, 0, 7]);
    expect(remote.stored).toEqual({ document: { colleges: [{ ...college, prompts: [] }], stories: [] }, revision: 8 });
    remote.store.dispatch(collegeRemoved('yale'));
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    expect(remote.stored).toEqual({ document: { colleges: [], stories: [] }, revision: 9 });
  });

  it('sends a write whose answer was lost again with its key, before the newer list: applied once, never a conflict', async () => {
    const remote = setup();
    remote.store.dispatch(collegePlanOpened());
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    remote.loseNextAnswer();
    remote.store.dispatch(collegeAdded(college));
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    expect(remote.stored.revision).toBe(1); // it took; the device cannot know
    expect(remote.store.getState().collegePlanRequests.inDoubt).toMatchObject({ baseRevision: 0 });
    remote.store.dispatch(collegeAdded({ ...college, id: 'mit', name: 'MIT' })); // added while the device waits
    await vi.advanceTimersByTimeAsync(RETRY_MIN_MS + SYNC_DELAY_MS + 100);
    expect(remote.writes.map((write) => [write.baseRevision, write.document.colleges.map((each) => each.id)]))
      .toEqual([[0, ['yale']], [0, ['yale']], [1, ['yale', 'mit']]]);
    expect(remote.writes[1]?.key).toBe(remote.writes[0]?.key);
    expect(remote.writes[2]?.key).not.toBe(remote.writes[0]?.key);
    expect(remote.conflicts).toBe(0);
    expect(remote.applied).toBe(2);
    expect(remote.stored).toMatchObject({ revision: 2, document: { colleges: [{ id: 'yale' }, { id: 'mit' }] } });
    expect(remote.store.getState().collegePlan).toMatchObject({ revision: 2, unsent: false });
    expect(remote.store.getState().collegePlanRequests).toMatchObject({ inDoubt: null, error: null });
  });

  it('keeps the list on the device and says why when the server refuses it, and stores nothing there', async () => {
    const remote = setup();
    remote.store.dispatch(collegePlanOpened());
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    const message = 'The college list is too large to save: it takes 643 KB, and the limit is 512 KB.';
    remote.refuseWrites(new ApiError({ status: 413, code: 'college_plan_too_large', message }));
    remote.store.dispatch(collegeAdded(college));
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS + 10_000);
    expect(remote.stored).toEqual({ document: null, revision: 0 });
    expect(remote.store.getState().collegePlan).toMatchObject({ unsent: true, document: { colleges: [{ id: 'yale' }] } });
    expect(remote.store.getState().collegePlanRequests).toMatchObject({ error: message, inDoubt: null });
  });
});
