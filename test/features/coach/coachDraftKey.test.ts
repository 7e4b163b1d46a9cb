import { describe, expect, it } from 'vitest';
import { coachEssayChanged, coachSlice, draftKey, selectCoachRevisions } from '../../../src/features/coach/coachSlice.ts';

const opened = (prompt: string) => coachSlice.reducer(undefined, coachEssayChanged({ kind: 'supplemental', prompt, wordLimit: 150, promptId: '3f9a0c1d2e4b5a6c' }));

describe('the key of a draft written for a college planner prompt', () => {
  it('is the prompt\'s id, whatever its text, so editing the prompt keeps its drafts', () => {
    expect(draftKey(opened('Why Rice?'))).toBe('coach-prompt-3f9a0c1d2e4b5a6c');
    expect(draftKey(opened('Why Rice University? Tell us.'))).toBe('coach-prompt-3f9a0c1d2e4b5a6c');
  });

  it('stays the prompt\'s id when the student edits the prompt\'s text or limit on the coach page', () => {
    const edited = coachSlice.reducer(opened('Why Rice?'), coachEssayChanged({ prompt: 'Why Rice? (edited here)' }));
    const limited = coachSlice.reducer(edited, coachEssayChanged({ wordLimit: 300 }));
    expect(draftKey(limited)).toBe('coach-prompt-3f9a0c1d2e4b5a6c');
  });

  it('is named by its text again once the student chooses another essay, and by another prompt\'s id for that prompt', () => {
    const withEarlier = coachSlice.reducer(undefined, coachEssayChanged({ kind: 'supplemental', prompt: 'Why Rice?', wordLimit: 150, promptId: '3f9a0c1d2e4b5a6c', promptSourceKey: 'supplemental-0123456789abcdef' }));
    const changed = coachSlice.reducer(withEarlier, coachEssayChanged({ kind: 'supplemental' }));
    expect(changed.promptId).toBeUndefined();
    expect(changed.promptSourceKey).toBeUndefined();
    expect(draftKey(changed)).toMatch(/^coach-supplemental-[0-9a-f]{16}$/);
    const other = coachSlice.reducer(withEarlier, coachEssayChanged({ kind: 'supplemental', prompt: 'Why Tufts?', wordLimit: 200, promptId: 'aaaaaaaaaaaaaaaa' }));
    expect(draftKey(other)).toBe('coach-prompt-aaaaaaaaaaaaaaaa');
    expect(other.promptSourceKey).toBeUndefined();
  });

  it('lists a prompt\'s revisions from before the planner with the ones kept under its id, newest first', () => {
    const at = (day: number) => `2026-10-0${day}T10:00:00.000Z`;
    const version = (id: string, day: number) => ({ id, at: at(day), kind: 'coach' as const, text: id });
    const state = {
      ...coachSlice.reducer(undefined, coachEssayChanged({ kind: 'supplemental', prompt: 'Why Rice?', wordLimit: 150, promptId: '3f9a0c1d2e4b5a6c', promptSourceKey: 'supplemental-0123456789abcdef' })),
      versions: {
        'coach-prompt-3f9a0c1d2e4b5a6c': [version('new', 3)],
        'coach-supplemental-0123456789abcdef': [version('before', 2), version('first', 1)],
        'coach-personal': [version('other', 4)],
      },
    };
    expect(selectCoachRevisions({ coach: state }).map((revision) => revision.id)).toEqual(['new', 'before', 'first']);
    expect(selectCoachRevisions({ coach: state })).toBe(selectCoachRevisions({ coach: state }));
  });

  it('falls back to the text for an id too long for the key', () => {
    const long = coachSlice.reducer(undefined, coachEssayChanged({ kind: 'supplemental', prompt: 'Why Rice?', wordLimit: 150, promptId: 'b'.repeat(36) }));
    expect(draftKey(long)).toMatch(/^coach-supplemental-[0-9a-f]{16}$/);
  });
});
