import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectSession, fetchPlan, startSession } from '../../../src/app/session/index.ts';
import { makeStore } from '../../../src/app/store.ts';
import { fakeApi, json, networkFailure } from '../fakeApi.ts';
import { CONDITION_WAIT } from '../../setup/conditionWait.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const signedIn = { uid: 'anon_12345678', plan: null, status: 'succeeded', planStatus: 'idle', error: null } as const;

describe('startSession', () => {
  it('posts /api/session and keeps the uid', async () => {
    const api = fakeApi({ 'POST /api/session': () => json({ uid: 'anon_12345678' }) });
    const store = makeStore();
    await store.dispatch(startSession());
    expect(store.getState().session).toMatchObject({ uid: 'anon_12345678', status: 'succeeded', error: null });
    expect(api.callsTo('POST /api/session')[0]?.init.credentials).toBe('same-origin');
  });

  it('records a failed call as a serialisable ApiError value', async () => {
    fakeApi({ 'POST /api/session': networkFailure });
    const store = makeStore();
    const result = await store.dispatch(startSession());
    expect(startSession.rejected.match(result) && result.payload).toMatchObject({ status: 0, code: 'network' });
    expect(store.getState().session).toMatchObject({ uid: null, status: 'failed', error: { code: 'network' } });
  });
});

describe('fetchPlan', () => {
  it('reads the plan from whoami', async () => {
    fakeApi({ 'GET /api/whoami': () => json({ plan: 'paid' }) });
    const store = makeStore({ session: signedIn });
    await store.dispatch(fetchPlan());
    expect(store.getState().session).toMatchObject({ plan: 'paid', planStatus: 'succeeded' });
  });

  it('treats a failed whoami as free', async () => {
    fakeApi({ 'GET /api/whoami': () => json({ error: 'Unauthorised', code: 'unauthorised' }, 401) });
    const store = makeStore({ session: signedIn });
    await store.dispatch(fetchPlan());
    expect(store.getState().session).toMatchObject({ plan: 'free', planStatus: 'failed' });
  });

  it('keeps a known Paid plan through a dropped connection', async () => {
    vi.useFakeTimers();
    fakeApi({ 'GET /api/whoami': networkFailure });
    const store = makeStore({ session: { ...signedIn, plan: 'paid' } });
    const done = store.dispatch(fetchPlan());
    await vi.advanceTimersByTimeAsync(5000);
    await done;
    expect(store.getState().session.plan).toBe('paid');
  });

  it('sends one request when focus and visibility ask at the same time', async () => {
    const api = fakeApi({ 'GET /api/whoami': () => json({ plan: 'free' }) });
    const store = makeStore({ session: signedIn });
    await Promise.all([store.dispatch(fetchPlan()), store.dispatch(fetchPlan())]);
    expect(api.fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('connectSession', () => {
  it('starts the session, then reads the plan', async () => {
    const api = fakeApi({
      'POST /api/session': () => json({ uid: 'anon_12345678' }),
      'GET /api/whoami': () => json({ plan: 'paid' }),
    });
    const store = makeStore();
    await store.dispatch(connectSession());
    await vi.waitFor(() => expect(store.getState().session.plan).toBe('paid'), CONDITION_WAIT);
    expect(api.calls.map((call) => `${call.method} ${call.url}`)).toEqual(['POST /api/session', 'GET /api/whoami']);
  });

  it('only reads the plan when a session exists already', async () => {
    const api = fakeApi({ 'GET /api/whoami': () => json({ plan: 'free' }) });
    const store = makeStore({ session: signedIn });
    await store.dispatch(connectSession());
    await vi.waitFor(() => expect(store.getState().session.plan).toBe('free'), CONDITION_WAIT);
    expect(api.callsTo('POST /api/session')).toHaveLength(0);
  });

  it('stops after a failed session call: offline, the app runs on the device copy', async () => {
    const api = fakeApi({ 'POST /api/session': networkFailure });
    const store = makeStore();
    await store.dispatch(connectSession());
    expect(store.getState().session.status).toBe('failed');
    expect(api.callsTo('GET /api/whoami')).toHaveLength(0);
  });
});
