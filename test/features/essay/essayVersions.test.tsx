import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../src/app/store.ts';
import {
  essayEdited, essayGenerated, essayVersionRestored, essayVersionSaved, MAX_ESSAY_VERSIONS, selectEssayVersions,
} from '../../../src/features/essay/essaySlice.ts';
import { selectGeneratedEssay } from '../../../src/features/essay/index.ts';
import { paths } from '../../../src/client-core/routes.ts';
import { studentAt } from '../../app/fixtures.ts';
import { renderApp } from '../../app/renderWithProviders.tsx';

const generated = (essay: string, at: string) => essayGenerated({
  essay, topic: 'The arm', wordCount: 0, notes: [], engine: 'offline', variant: 0, record: { generatedAt: at, paragraphs: [] },
});

describe('essay versions', () => {
  it('regenerating keeps the earlier essay and the student’s edits to it, newest first', () => {
    const store = makeStore();
    store.dispatch(generated('First draft of the arm.', '2026-11-24T18:00:00.000Z'));
    store.dispatch(essayEdited('First draft of the arm, in my words.'));
    store.dispatch(generated('Second draft.', '2026-11-24T18:05:00.000Z'));
    expect(selectEssayVersions(store.getState()).map(({ kind, text }) => [kind, text])).toEqual([
      ['generated', 'Second draft.'],
      ['edited', 'First draft of the arm, in my words.'],
      ['generated', 'First draft of the arm.'],
    ]);
    // Saving an unchanged text adds nothing.
    store.dispatch(essayVersionSaved());
    expect(selectEssayVersions(store.getState())).toHaveLength(3);
  });

  it('restoring a version keeps the text it replaces, and at most the last 50 are kept', () => {
    const store = makeStore();
    store.dispatch(generated('Version zero.', '2026-11-24T18:00:00.000Z'));
    store.dispatch(essayEdited('My own text.'));
    const first = selectEssayVersions(store.getState())[0]!;
    store.dispatch(essayVersionRestored(first.id));
    expect(selectGeneratedEssay(store.getState())).toBe('Version zero.');
    expect(selectEssayVersions(store.getState())[0]).toMatchObject({ kind: 'edited', text: 'My own text.' });

    for (let i = 0; i < 60; i += 1) {
      store.dispatch(essayEdited(`Edit number ${i}.`));
      store.dispatch(essayVersionSaved());
    }
    const versions = selectEssayVersions(store.getState());
    expect(versions).toHaveLength(MAX_ESSAY_VERSIONS);
    expect(versions[0]!.text).toBe('Edit number 59.');
    expect(new Set(versions.map((v) => v.id)).size).toBe(MAX_ESSAY_VERSIONS);
  });

  it('lists the versions on /result: open one, compare it word by word with the current essay, restore it', async () => {
    const { store, user } = renderApp({
      route: paths.result,
      preloadedState: { ...studentAt('result'), session: { uid: 'anon_12345678', plan: 'paid', status: 'succeeded', planStatus: 'succeeded', error: null } },
    });
    store.dispatch(generated('The arm worked at last.', '2026-11-24T18:00:00.000Z'));
    store.dispatch(essayEdited('The robot arm worked at last.'));
    store.dispatch(essayVersionSaved());
    const list = await screen.findByRole('region', { name: 'Versions' });
    const older = within(list).getByRole('listitem', { name: 'Version 1' });
    expect(older).toHaveTextContent('Version 1 · Generated · November 24, 2026');
    expect(within(list).getByRole('listitem', { name: 'Version 2' })).toHaveTextContent(/Edited by you · .+ · 6 words · current/);

    await user.click(within(older).getByRole('button', { name: 'Open version 1' }));
    expect(within(older).getByRole('region', { name: 'Text of version 1' })).toHaveTextContent('The arm worked at last.');
    await user.click(within(older).getByRole('button', { name: 'Compare version 1 with current' }));
    const diff = within(older).getByRole('region', { name: 'Changes from version 1 to the current essay' });
    expect(diff.querySelector('ins')).toHaveTextContent('robot');
    expect(diff.querySelector('del')).toBeNull();

    await user.click(within(older).getByRole('button', { name: 'Restore version 1' }));
    expect(selectGeneratedEssay(store.getState())).toBe('The arm worked at last.');
    expect(within(list).getByRole('listitem', { name: 'Version 1' })).toHaveTextContent('current');
  });

  it('a 30 s pause in typing keeps the text as a version, a shorter one does not', async () => {
    const { store } = renderApp({
      route: paths.result,
      preloadedState: { ...studentAt('result'), session: { uid: 'anon_12345678', plan: 'paid', status: 'succeeded', planStatus: 'succeeded', error: null } },
    });
    store.dispatch(generated('The arm worked at last.', '2026-11-24T18:00:00.000Z'));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Essay' }));
    vi.useFakeTimers();
    try {
      fireEvent.change(screen.getByLabelText('Edit your essay'), { target: { value: 'The arm worked at last, again.' } });
      act(() => { vi.advanceTimersByTime(29_000); });
      expect(selectEssayVersions(store.getState())).toHaveLength(1);
      act(() => { vi.advanceTimersByTime(1_000); });
      expect(selectEssayVersions(store.getState())[0]).toMatchObject({ kind: 'edited', text: 'The arm worked at last, again.' });
    } finally {
      vi.useRealTimers();
    }
  });
});
