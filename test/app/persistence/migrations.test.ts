// Migrations of the device copy, run by redux-persist itself on a copy written by an older release into
// IndexedDB (fake-indexeddb under Vitest), as a returning student's browser would hold it.
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { deviceStorage } from '../../../src/client-core/deviceCopyStorage.ts';
import { PERSIST_KEY } from '../../../src/app/persistence/localPersistence.ts';
import { PERSIST_VERSION } from '../../../src/app/persistence/migrations.ts';
import { startPersistence } from '../../../src/app/persistence/persistence.ts';
import { makeStore } from '../../../src/app/store.ts';
import { selectCoachRequest } from '../../../src/features/coach/coachRequests.ts';
import { selectTopicsRequest } from '../../../src/features/topics/topicsRequests.ts';

const stops: Array<() => void> = [];

afterEach(async () => {
  stops.splice(0).forEach((stop) => stop());
  await deviceStorage.clear();
});

/** Writes `slices` as redux-persist wrote them at `version` (each slice JSON-encoded inside the outer JSON). */
const writeOldCopy = async (version: number, slices: Record<string, unknown>) => {
  const outer = Object.fromEntries(Object.entries({ ...slices, _persist: { version, rehydrated: true } })
    .map(([key, value]) => [key, JSON.stringify(value)]));
  await deviceStorage.setItem(`persist:${PERSIST_KEY}`, JSON.stringify(outer));
};

const rehydrated = async () => {
  const store = makeStore();
  const { persistor, stop } = startPersistence(store);
  stops.push(stop);
  await waitFor(() => expect(persistor.getState().bootstrapped).toBe(true));
  return store;
};

const shown = ['What moment inspired you?', 'Who helped you?'];

describe('version 2: follow-up answers only for the questions shown', () => {
  it('prunes the answers to questions no longer shown and marks them to be sent', async () => {
    const stale = Object.fromEntries(Array.from({ length: 150 }, (_, index) => [`Old question ${index}?`, 'x'.repeat(5000)]));
    await writeOldCopy(1, {
      followup: {
        followUpQuestions: shown,
        followUpResponses: { ...stale, 'What moment inspired you?': 'The last match.', 'Who helped you?': '' },
        questionsVariant: 3,
      },
      sync: { revision: 7, dirty: ['basicInfo'], resetPending: false },
    });
    const { followup, sync } = (await rehydrated()).getState();
    expect(followup).toEqual({
      followUpQuestions: shown,
      followUpResponses: { 'What moment inspired you?': 'The last match.', 'Who helped you?': '' },
      questionsVariant: 3,
    });
    expect(sync.saved).toEqual({ revision: 7, dirty: ['basicInfo', 'followUpResponses'], resetPending: false });
  });

  it('keeps the answers when no questions are shown yet, and leaves a copy with nothing extra alone', async () => {
    await writeOldCopy(1, {
      followup: { followUpQuestions: [], followUpResponses: { 'Restored from the server?': 'Yes.' } },
      sync: { revision: 2, dirty: [], resetPending: false },
    });
    const state = (await rehydrated()).getState();
    expect(state.followup.followUpResponses).toEqual({ 'Restored from the server?': 'Yes.' });
    expect(state.sync.saved.dirty).toEqual([]);
  });
});

describe('version 3: the sync memory under sync.saved, and no streaming text', () => {
  it('moves the remote revision, edited sections and pending reset under sync.saved and drops a half-streamed essay', async () => {
    await writeOldCopy(2, {
      essay: { generatedEssay: 'The finished essay.', streamingEssay: 'Half of a new' },
      sync: { revision: 5, dirty: ['personal'], resetPending: true },
    });
    const store = await rehydrated();
    const { essay, essayStream, sync, remoteSync } = store.getState();
    expect(sync.saved).toEqual({ revision: 5, dirty: ['personal'], resetPending: true });
    expect(remoteSync.status).toBe('device');
    expect(essay).toEqual({ generatedEssay: 'The finished essay.' });
    expect(essayStream.text).toBe('');
  });
});

describe('version 4: essay versions named by their content', () => {
  it('gives kept versions their content id (and a time when they had none), so they can be synced', async () => {
    await writeOldCopy(3, {
      essay: {
        generatedEssay: 'Edited text.',
        versions: [
          { id: '2026-03-01T12:05:00.000Z-edited', at: '2026-03-01T12:05:00.000Z', kind: 'edited', text: 'Edited text.' },
          { id: '-generated', at: '', kind: 'generated', text: 'Generated text.' },
        ],
      },
    });
    const store = await rehydrated();
    const versions = store.getState().essay.versions ?? [];
    expect(versions.map((version) => version.text)).toEqual(['Edited text.', 'Generated text.']);
    for (const version of versions) {
      expect(version.id).toMatch(/^v[0-9a-f]{24}$/);
      expect(Number.isNaN(Date.parse(version.at))).toBe(false);
    }
    expect(versions[0]?.at).toBe('2026-03-01T12:05:00.000Z');
  });
});

describe('version 5: request state is no stage slice\'s own', () => {
  it('loads a device copy saved by the release before, every stored slice whole', async () => {
    // What that release wrote for a student with answers, an essay and its versions, a supplemental essay and a
    // coach draft with its revision, written by that release's own code (tests run from the repository's root).
    const saved = JSON.parse(readFileSync('test/app/persistence/fixtures/deviceCopy.d9fa2a8.json', 'utf8')) as Record<string, string>;
    await deviceStorage.setItem(`persist:${PERSIST_KEY}`, JSON.stringify(saved));
    const state = (await rehydrated()).getState() as unknown as Record<string, unknown>;
    const { _persist: persisted, sync, ...slices } = saved;
    expect(JSON.parse(persisted ?? '{}')).toMatchObject({ version: 4 });
    expect(Object.keys(slices).sort()).toEqual(['coach', 'essay', 'essayType', 'followup', 'supplemental', 'topics', 'wizard']);
    for (const [key, stored] of Object.entries(slices)) expect(state[key], key).toEqual(JSON.parse(stored));
    expect((state.sync as { saved: unknown }).saved).toEqual(JSON.parse(sync ?? '{}').saved);
    expect(state._persist).toMatchObject({ version: PERSIST_VERSION, rehydrated: true });
    expect(PERSIST_VERSION).toBe(5);
  });

  it('drops a request state a stored slice still holds, so it is not read back into the stage\'s data', async () => {
    await writeOldCopy(4, {
      topics: { topicSuggestions: {}, selectedTopic: null, request: { status: 'pending', error: null, notice: null, requestId: 'r1' } },
      coach: { kind: 'personal', prompt: '', wordLimit: 250, draft: 'Mine.', request: { status: 'failed', error: 'x', notice: null, requestId: 'r2' } },
    });
    const state = (await rehydrated()).getState();
    expect(state.topics).toEqual({ topicSuggestions: {}, selectedTopic: null });
    expect(state.coach).toEqual({ kind: 'personal', prompt: '', wordLimit: 250, draft: 'Mine.' });
    expect(selectTopicsRequest(state).status).toBe('idle');
    expect(selectCoachRequest(state).status).toBe('idle');
  });
});
