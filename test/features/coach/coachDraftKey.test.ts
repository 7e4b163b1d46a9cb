import { describe, expect, it } from 'vitest';
import { coachEssayChanged, coachSlice, draftKey } from '../../../src/features/coach/coachSlice.ts';

const opened = (prompt: string) => coachSlice.reducer(undefined, coachEssayChanged({ kind: 'supplemental', prompt, wordLimit: 150, promptId: '3f9a0c1d2e4b5a6c' }));

describe('the key of a draft written for a college planner prompt', () => {
  it('is the prompt\'s id, whatever its text, so editing the prompt keeps its drafts', () => {
    expect(draftKey(opened('Why Rice?'))).toBe('coach-prompt-3f9a0c1d2e4b5a6c');
    expect(draftKey(opened('Why Rice University? Tell us.'))).toBe('coach-prompt-3f9a0c1d2e4b5a6c');
  });

  it('is named by its text again once the student changes the essay on the coach page', () => {
    const changed = coachSlice.reducer(opened('Why Rice?'), coachEssayChanged({ prompt: 'Why Rice? (edited here)' }));
    expect(changed.promptId).toBeUndefined();
    expect(draftKey(changed)).toMatch(/^coach-supplemental-[0-9a-f]{16}$/);
  });

  it('falls back to the text for an id too long for the key', () => {
    const long = coachSlice.reducer(undefined, coachEssayChanged({ kind: 'supplemental', prompt: 'Why Rice?', wordLimit: 150, promptId: 'b'.repeat(36) }));
    expect(draftKey(long)).toMatch(/^coach-supplemental-[0-9a-f]{16}$/);
  });
});
