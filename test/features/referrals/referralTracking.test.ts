// The referral listener on the real store, with fake timers and the network faked at fetch.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../src/app/store.ts';
import { REFERRAL_TRACK_DEBOUNCE_MS, captureReferralCode } from '../../../src/features/referrals/index.ts';
import { emailChanged, fullNameChanged } from '../../../src/features/wizard/index.ts';
import { fakeApi, json, networkFailure } from '../../app/fakeApi.ts';
import type { UnknownAction } from '@reduxjs/toolkit';

const TRACK = 'POST /api/referrals/track';
const bodyOf = (call: { init: RequestInit } | undefined): unknown => JSON.parse(String(call?.init.body));

function setup(handler = () => json({ tracked: true })) {
  const api = fakeApi({ [TRACK]: handler });
  const store = makeStore();
  const type = (action: (value: string) => UnknownAction, text: string) => {
    // One action per keystroke, as the form's input dispatches them.
    for (let i = 1; i <= text.length; i += 1) store.dispatch(action(text.slice(0, i)));
  };
  const settle = () => vi.advanceTimersByTimeAsync(REFERRAL_TRACK_DEBOUNCE_MS);
  return { api, store, type, settle };
}

describe('referral tracking', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('tracks once, after the name and a valid e-mail have stopped changing', async () => {
    captureReferralCode('?ref=REFER-AB12CD');
    const { api, store, type, settle } = setup();
    type(fullNameChanged, 'Ada Lovelace');
    type(emailChanged, 'ada@example.com');
    await vi.advanceTimersByTimeAsync(REFERRAL_TRACK_DEBOUNCE_MS - 1);
    expect(api.callsTo(TRACK)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.callsTo(TRACK)).toHaveLength(1);
    expect(bodyOf(api.callsTo(TRACK)[0])).toEqual({
      referral_code: 'REFER-AB12CD', referee_email: 'ada@example.com', referee_name: 'Ada Lovelace',
    });
    // Touching the form again with the same e-mail (any case) sends nothing more.
    store.dispatch(fullNameChanged('Ada King'));
    store.dispatch(emailChanged('ADA@example.com '));
    await settle();
    store.dispatch(emailChanged('ada@example.com'));
    await settle();
    expect(api.callsTo(TRACK)).toHaveLength(1);
  });

  it('does not track the same e-mail again in the same session, even from a new store (a reload)', async () => {
    captureReferralCode('?ref=REFER-AB12CD');
    const first = setup();
    first.store.dispatch(fullNameChanged('Ada'));
    first.store.dispatch(emailChanged('ada@example.com'));
    await first.settle();
    expect(first.api.callsTo(TRACK)).toHaveLength(1);

    const second = setup();
    second.store.dispatch(fullNameChanged('Ada'));
    second.store.dispatch(emailChanged('ada@example.com'));
    await second.settle();
    expect(second.api.callsTo(TRACK)).toHaveLength(0);
  });

  it('tracks again for a new e-mail', async () => {
    captureReferralCode('?ref=REFER-AB12CD');
    const { api, store, type, settle } = setup();
    store.dispatch(fullNameChanged('Ada'));
    store.dispatch(emailChanged('ada@example.com'));
    await settle();
    store.dispatch(emailChanged(''));
    type(emailChanged, 'ada@school.org');
    await settle();
    const emails = api.callsTo(TRACK).map((call) => (bodyOf(call) as { referee_email: string }).referee_email);
    expect(emails).toEqual(['ada@example.com', 'ada@school.org']);
  });

  it('does not track without a ref code', async () => {
    const { api, store, settle } = setup();
    store.dispatch(fullNameChanged('Ada'));
    store.dispatch(emailChanged('ada@example.com'));
    await settle();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('does not track after a badly formed ref', async () => {
    captureReferralCode('?ref=REFER-abc123');
    const { api, store, settle } = setup();
    store.dispatch(fullNameChanged('Ada'));
    store.dispatch(emailChanged('ada@example.com'));
    await settle();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('waits for a name and for a valid e-mail', async () => {
    captureReferralCode('?ref=REFER-AB12CD');
    const { api, store, settle } = setup();
    store.dispatch(emailChanged('ada@example.com'));
    await settle();
    store.dispatch(fullNameChanged('   '));
    await settle();
    expect(api.callsTo(TRACK)).toHaveLength(0);
    store.dispatch(fullNameChanged('Ada'));
    store.dispatch(emailChanged('ada@example'));
    await settle();
    expect(api.callsTo(TRACK)).toHaveLength(0);
    store.dispatch(emailChanged('ada@example.com'));
    await settle();
    expect(api.callsTo(TRACK)).toHaveLength(1);
  });

  it('fails silently, and may try the same e-mail again after a failure', async () => {
    captureReferralCode('?ref=REFER-AB12CD');
    const { api, store, settle } = setup(networkFailure);
    // The page has no alert of its own to spy on (happy-dom has none), so the test gives it one.
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    store.dispatch(fullNameChanged('Ada'));
    store.dispatch(emailChanged('ada@example.com'));
    await settle();
    expect(api.callsTo(TRACK)).toHaveLength(1);
    expect(alert).not.toHaveBeenCalled();
    store.dispatch(fullNameChanged('Ada L'));
    await settle();
    expect(api.callsTo(TRACK)).toHaveLength(2);
  });
});
