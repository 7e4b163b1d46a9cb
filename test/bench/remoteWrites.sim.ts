// The remote-sync budget (one write per 500 ms pause, never one per keystroke), simulated: 60 seconds of a student typing a writing sample at a
// human pace (keys 80–260 ms apart, a thinking pause after each sentence, some shorter than 500 ms) into
// the app's real store and remote sync, on fake timers and an in-memory backend. Budget: never more than
// one write per pause of 500 ms or more, each sent at least 500 ms after the change before it.
// Run by test/bench/run.ts, which reads the figures from dist/bench/remote-writes.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, expect, it, vi } from 'vitest';
import { startPersistence } from '../../src/app/persistence/persistence.ts';
import { remoteChangedElsewhere } from '../../src/app/persistence/syncSlice.ts';
import { SYNC_DELAY_MS } from '../../src/app/persistence/persistenceListener.ts';
import { makeStore } from '../../src/app/store.ts';
import { writingSampleTextChanged } from '../../src/features/wizard/index.ts';
import { fakeRemote } from '../app/persistence/fakeRemote.ts';
import { PROFILES } from '../fixtures/profiles.ts';

const TYPING_MS = 60_000;

/** A small seeded generator (mulberry32), so every run types the same minute. */
const seeded = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

export interface RemoteWriteFigures {
  keystrokes: number;
  pauses: number;
  writes: number;
  minGapAfterChangeMs: number;
  minGapBetweenWritesMs: number;
}

let figures: RemoteWriteFigures | null = null;

afterAll(() => {
  mkdirSync('dist/bench', { recursive: true });
  writeFileSync('dist/bench/remote-writes.json', JSON.stringify(figures));
});

it('sends at most one write per pause in 60 s of steady typing', async () => {
  vi.useFakeTimers();
  const random = seeded(2024);
  const profile = PROFILES[0]?.form;
  if (!profile) throw new Error('no profile fixture');
  const fake = fakeRemote({ document: profile, revision: 1 });
  const store = makeStore({
    session: { uid: 'anon_12345678', plan: 'free', status: 'succeeded', planStatus: 'succeeded', error: null },
  }, { remote: fake.remote });
  const sync = startPersistence(store, { device: false, remoteSync: true, ready: Promise.resolve(), channel: null, random });
  store.dispatch(remoteChangedElsewhere({ document: true }));
  await vi.advanceTimersByTimeAsync(0);

  const start = Date.now();
  const changes: number[] = [];
  let text = '';
  let pauses = 0;
  let sentence = 40 + Math.floor(random() * 50);
  while (Date.now() - start < TYPING_MS) {
    text += 'abcdefghij klmnopqrst uvwxyz'[Math.floor(random() * 28)] ?? 'a';
    store.dispatch(writingSampleTextChanged(text));
    changes.push(Date.now());
    let gap = 80 + random() * 180;
    if (text.length % sentence === 0) {
      gap = 300 + random() * 2200; // a thinking pause, sometimes under 500 ms
      sentence = 40 + Math.floor(random() * 50);
    }
    if (gap >= SYNC_DELAY_MS) pauses += 1;
    await vi.advanceTimersByTimeAsync(gap);
  }
  await vi.advanceTimersByTimeAsync(5000);
  sync.stop();
  vi.useRealTimers();

  const writeTimes = fake.writes.map((write) => write.at);
  const afterChange = writeTimes.map((at) => at - Math.max(...changes.filter((change) => change <= at)));
  const between = writeTimes.slice(1).map((at, index) => at - (writeTimes[index] ?? 0));
  figures = {
    keystrokes: changes.length,
    pauses: pauses + 1, // the last keystroke is followed by a pause too
    writes: fake.writes.length,
    minGapAfterChangeMs: Math.min(...afterChange),
    minGapBetweenWritesMs: between.length ? Math.min(...between) : Infinity,
  };
  expect(fake.stored.document?.personalInsights.writingSample.text).toBe(text);
});
