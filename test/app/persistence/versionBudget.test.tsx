// The device keeps its essay versions within the limits the server keeps (50 an essay, 2 MiB in all), with
// the real store and its listener, and the version lists say so only when older versions were let go.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeStore } from '../../../src/app/store.ts';
import { deviceVersionFacts } from '../../../src/app/persistence/versionBudget.ts';
import { essayVersionsReceived, supplementalEssayKey } from '../../../src/client-core/essayVersions.ts';
import { paths } from '../../../src/client-core/routes.ts';
import { ESSAY_VERSION_MAX_CHARS, ESSAY_VERSIONS_PER_ESSAY } from '../../../src/common/limits/limits.ts';
import type { EssayVersionRecord } from '../../../src/common/contract/contract.ts';
import { ESSAY_VERSIONS_TOTAL_BYTES } from '../../../src/common/essay/versionPruning.ts';
import {
  essayEdited, essayGenerated, essayVersionSaved, selectEssayVersions,
} from '../../../src/features/essay/essaySlice.ts';
import { studentAt } from '../fixtures.ts';
import { renderApp } from '../renderWithProviders.tsx';

const LET_GO = "Older versions were let go to keep within your browser's space.";
const paidSession = { uid: 'anon_12345678', plan: 'paid', status: 'succeeded', planStatus: 'succeeded', error: null } as const;

describe('essay versions within the device’s limits', () => {
  it('keeps the newest 50 versions of the statement and its generated one, and /result says older ones were let go', async () => {
    const { store } = renderApp({ route: paths.result, preloadedState: { ...studentAt('result'), session: paidSession } });
    store.dispatch(essayGenerated({
      essay: 'The arm worked at last.', topic: 'The arm', wordCount: 5, notes: [], engine: 'offline', variant: 0,
      record: { generatedAt: '2026-11-24T18:00:00.000Z', paragraphs: [] },
    }));
    const save = (n: number) => {
      store.dispatch(essayEdited(`Edit number ${n}.`));
      store.dispatch(essayVersionSaved());
    };
    for (let n = 1; n < ESSAY_VERSIONS_PER_ESSAY; n += 1) save(n);
    const list = await screen.findByRole('region', { name: 'Versions' });
    expect(selectEssayVersions(store.getState())).toHaveLength(ESSAY_VERSIONS_PER_ESSAY);
    expect(within(list).queryByText(LET_GO)).toBeNull();
    expect(store.getState().essay.versionsLetGo).toBeUndefined();

    for (let n = ESSAY_VERSIONS_PER_ESSAY; n < ESSAY_VERSIONS_PER_ESSAY + 5; n += 1) save(n);
    const versions = selectEssayVersions(store.getState());
    expect(versions).toHaveLength(ESSAY_VERSIONS_PER_ESSAY);
    expect(versions[0]!.text).toBe(`Edit number ${ESSAY_VERSIONS_PER_ESSAY + 4}.`);
    // The generated essay is the oldest, yet it stays: an essay's newest generated version is never let go.
    expect(versions.at(-1)).toMatchObject({ kind: 'generated', text: 'The arm worked at last.' });
    expect(versions.map((v) => v.text)).not.toContain('Edit number 1.');
    expect(store.getState().essay.versionsLetGo).toBe(true);
    expect(await within(list).findByText(LET_GO)).toBeInTheDocument();
  });

  it('keeps all of the browser’s versions within 2 MiB, the newest of each essay kept, and /supplemental names the essays that lost some', async () => {
    const essays = [0, 1, 2].map((n) => ({ prompt: `Why our college, take ${n}?`, wordCount: 250, generatedEssay: `Because of lab ${n}.` }));
    const store = makeStore({ ...studentAt('essay-type'), session: paidSession, supplemental: { supplementalEssays: essays } });
    const keys = essays.map((essay) => supplementalEssayKey(essay.prompt, essay.wordCount));
    // 20,000 emoji are 80 KB of UTF-8: 25 versions of each of two essays are 4 MB, room for 26 of them; the
    // third essay has one small version.
    const record = (key: string, n: number, text: string): EssayVersionRecord => ({
      id: `v-${key.slice(-8)}-${String(n).padStart(3, '0')}`, essayKey: key, kind: 'generated', text,
      at: new Date(Date.UTC(2026, 10, 20, 12, n)).toISOString(),
    });
    const large = (n: number) => `${n} ${'😀'.repeat(ESSAY_VERSION_MAX_CHARS - 4)}`;
    const received = [
      ...Array.from({ length: 25 }, (_, n) => record(keys[0]!, n, large(n))),
      ...Array.from({ length: 25 }, (_, n) => record(keys[1]!, 100 + n, large(n))),
      record(keys[2]!, 0, 'A short one.'),
    ];
    store.dispatch(essayVersionsReceived({ versions: received, revision: received.length }));

    const facts = deviceVersionFacts(store.getState());
    expect(facts.reduce((sum, version) => sum + version.size, 0)).toBeLessThanOrEqual(ESSAY_VERSIONS_TOTAL_BYTES);
    const lists = store.getState().supplemental.versions ?? {};
    // The oldest went first (the first essay's older versions, all kept in one hour), down to its newest.
    expect(lists[keys[0]!]!.map((v) => v.id)).toEqual([received[24]!.id]);
    expect(lists[keys[1]!]).toHaveLength(25);
    expect(lists[keys[2]!]).toHaveLength(1);
    expect(store.getState().supplemental.versionsLetGo).toEqual({ [keys[0]!]: true });
    expect(store.getState().essay.versionsLetGo).toBeUndefined();

    renderApp({ route: paths.supplemental, store });
    const first = await screen.findByRole('region', { name: 'Versions of essay 1' });
    expect(within(first).getByText(LET_GO)).toBeInTheDocument();
    // The second essay lost nothing: its list says nothing of the kind; the third has a single version, no list.
    expect(within(await screen.findByRole('region', { name: 'Versions of essay 2' })).queryByText(LET_GO)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Versions of essay 3' })).toBeNull();
    expect(screen.getAllByText(LET_GO)).toHaveLength(1);
  });

  it('holds 2 MiB for 55 essays: the oldest essays\' newest versions the server holds go, the typing it does not hold stays', () => {
    const essays = Array.from({ length: 55 }, (_, n) => ({ prompt: `Why our college, take ${n}?`, wordCount: 250, generatedEssay: `Because of lab ${n}.` }));
    const store = makeStore({ ...studentAt('result'), session: paidSession, supplemental: { supplementalEssays: essays } });
    const keys = essays.map((essay) => supplementalEssayKey(essay.prompt, essay.wordCount));
    // One version of 80 KB an essay, read back from the server (so it holds them): 4.4 MB, each an essay's newest.
    const received = keys.map((key, n): EssayVersionRecord => ({
      id: `v-${key.slice(-8)}-only`, essayKey: key, kind: 'generated', text: `${n} ${'😀'.repeat(ESSAY_VERSION_MAX_CHARS - 4)}`,
      at: new Date(Date.UTC(2026, 10, 20, 12, n)).toISOString(),
    }));
    // The statement typed on this device since, not on the server yet: 80 KB of it.
    const typing = `Typed here. ${'😀'.repeat(ESSAY_VERSION_MAX_CHARS - 20)}`;
    store.dispatch(essayEdited(typing));
    store.dispatch(essayVersionSaved());
    store.dispatch(essayVersionsReceived({ versions: received, revision: received.length }));

    const facts = deviceVersionFacts(store.getState());
    const total = facts.reduce((sum, version) => sum + version.size, 0);
    expect(total).toBeLessThanOrEqual(ESSAY_VERSIONS_TOTAL_BYTES);
    // No more went than the budget needed: one more essay's version would not have fitted.
    expect(total + facts.at(-1)!.size).toBeGreaterThan(ESSAY_VERSIONS_TOTAL_BYTES);
    expect(selectEssayVersions(store.getState()).map((v) => v.text)).toEqual([typing]);
    const lists = store.getState().supplemental.versions ?? {};
    const keptKeys = keys.filter((key) => (lists[key] ?? []).length > 0);
    // The essays touched last keep theirs (25 of 80 KB fit beside the typing).
    expect(keptKeys).toEqual(keys.slice(-25));
    expect(store.getState().supplemental.versionsLetGo?.[keys[0]!]).toBe(true);
  });
});
