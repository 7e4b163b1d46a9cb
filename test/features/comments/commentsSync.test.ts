// Replies and resolutions made offline go through the one persistence listener when the browser is back: in
// the order made, each once, with the reply's own client id; the server's answer replaces the device's copy of
// the comment. A write the server refuses for good leaves the queue with its reason; a failure that may pass is
// tried again.
import { describe, expect, it, vi } from 'vitest';
import { startPersistence } from '../../../src/app/persistence/persistence.ts';
import { RETRY_MIN_MS, SYNC_DELAY_MS } from '../../../src/app/persistence/persistenceListener.ts';
import { makeStore } from '../../../src/app/store.ts';
import { commentWritten } from '../../../src/features/comments/commentsSlice.ts';
// The run loads its steps with a dynamic import, which takes real time: loaded here, it resolves at once.
import '../../../src/features/comments/commentsSync.ts';
import '../../../src/app/persistence/syncSteps.ts';
import { fakeApi, json, networkFailure } from '../../app/fakeApi.ts';
import { fakeRemote } from '../../app/persistence/fakeRemote.ts';
import { syncTestEnvironment } from '../../app/persistence/syncTestEnvironment.ts';
import { ON_THE_DOCK, SHARE } from './commentFixtures.ts';

const signedIn = { uid: 'anon_12345678', plan: 'free', status: 'succeeded', planStatus: 'succeeded', error: null } as const;
const environment = syncTestEnvironment();
const REPLY_ID = '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
const REPLIES = `POST /api/comments/${ON_THE_DOCK.id}/replies`;
const RESOLVE = `PUT /api/comments/${ON_THE_DOCK.id}`;

function setup() {
  const store = makeStore({ session: signedIn, comments: { byEssay: { personal: [SHARE] }, outbox: [], refused: null } }, { remote: fakeRemote().remote });
  const channel = { postMessage: vi.fn(), close: vi.fn(), addEventListener: vi.fn(), removeEventListener: vi.fn() };
  const sync = startPersistence(store, { device: false, remoteSync: true, ready: Promise.resolve(), channel, random: () => 0.5 });
  environment.stopAfterTest(sync.stop);
  return store;
}

const reply = { kind: 'reply', id: REPLY_ID, essayKey: 'personal', commentId: ON_THE_DOCK.id, text: 'Lake Pleasant.', at: '2026-03-03T08:00:00.000Z' } as const;
const resolve = { kind: 'resolve', id: '7c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e50', essayKey: 'personal', commentId: ON_THE_DOCK.id, resolved: true } as const;
const answered = { ...ON_THE_DOCK, resolved: true, replies: [{ id: REPLY_ID, text: 'Lake Pleasant.', at: '2026-03-03T08:00:01.000Z' }] };

describe('replies and resolutions through the persistence listener', () => {
  it('made offline, they are sent when the browser is back, in order, each once', async () => {
    const api = fakeApi({
      [REPLIES]: () => json({ ...ON_THE_DOCK, replies: answered.replies }),
      [RESOLVE]: () => json(answered),
    });
    environment.online = false;
    const store = setup();
    store.dispatch(commentWritten(reply));
    store.dispatch(commentWritten(resolve));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(api.calls.filter((call) => call.url.startsWith('/api/comments'))).toEqual([]);
    expect(store.getState().comments.byEssay.personal?.[0]?.comments[0]).toMatchObject({ resolved: true, replies: [{ text: 'Lake Pleasant.' }] });

    environment.online = true;
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    expect(api.calls.filter((call) => call.url.startsWith('/api/comments')).map((call) => `${call.init.method} ${call.url}`)).toEqual([REPLIES, RESOLVE]);
    expect(JSON.parse(String(api.callsTo(REPLIES)[0]?.init.body))).toEqual({ clientId: REPLY_ID, text: 'Lake Pleasant.' });
    expect(JSON.parse(String(api.callsTo(RESOLVE)[0]?.init.body))).toEqual({ resolved: true });
    expect(store.getState().comments.outbox).toEqual([]);
    expect(store.getState().comments.byEssay.personal?.[0]?.comments[0]).toEqual(answered);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(api.callsTo(REPLIES)).toHaveLength(1);
  });

  it('tries a failure that may pass again, and drops a write refused for good with the server’s reason', async () => {
    const api = fakeApi({
      [REPLIES]: [networkFailure, () => json({ ...ON_THE_DOCK, replies: answered.replies })],
      [RESOLVE]: () => json({ error: 'There is no such comment on your shared essays.', code: 'comment_not_found' }, 404),
    });
    const store = setup();
    store.dispatch(commentWritten(reply));
    store.dispatch(commentWritten(resolve));
    await vi.advanceTimersByTimeAsync(SYNC_DELAY_MS);
    expect(store.getState().comments.outbox).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(RETRY_MIN_MS * 2);
    expect(api.callsTo(REPLIES)).toHaveLength(2);
    expect(api.callsTo(RESOLVE)).toHaveLength(1);
    expect(store.getState().comments).toMatchObject({ outbox: [], refused: 'There is no such comment on your shared essays.' });
  });
});
